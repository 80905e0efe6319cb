import { Injectable } from '@nestjs/common';
import {
  ErrorCode,
  ExtractedFile,
  ExtractionResponse,
  extractJobResultSchema,
  extractedFileSchema,
  extractionNoticesSchema,
} from '@pixtract/contracts';
import { z } from 'zod';
import { VisitorPresence } from '@pixtract/service-kit';
import { PinoLogger } from 'nestjs-pino';
import { ExtractionProgressGateway } from '../progress/extraction-progress.gateway';
import { QuotaGate } from '../quota/quota-gate.service';
import { ExtractionRepository } from './extraction.repository';

/**
 * Turns a worker's result into the stored, plan-limited extraction and tells the browsers. Safe to
 * call from any replica, any number of times: auth charges an extraction id once (a repeated
 * reservation answers the first grant) and the repository lets exactly one call store it. Once it is stored, the
 * visitor is no longer served here: its mark on this machine goes (every replica sees the queue's event).
 */
@Injectable()
export class ExtractionFinaliser {
  constructor(
    private readonly repository: ExtractionRepository,
    private readonly quota: QuotaGate,
    private readonly progress: ExtractionProgressGateway,
    private readonly visitors: VisitorPresence,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(ExtractionFinaliser.name);
  }

  async complete(extractionId: string, jobResult: unknown): Promise<void> {
    try {
      await this.store(extractionId, jobResult);
    } finally {
      await this.visitors.unmark(extractionId);
    }
  }

  async fail(extractionId: string, code: ErrorCode): Promise<void> {
    try {
      if (await this.repository.fail(extractionId, code)) this.progress.failed(extractionId, code);
    } finally {
      await this.visitors.unmark(extractionId);
    }
  }

  private async store(extractionId: string, jobResult: unknown): Promise<void> {
    const parsed = jobResultEnvelopeSchema.safeParse(jobResult);
    if (!parsed.success) {
      this.logger.error(
        { extractionId, issues: parsed.error.issues },
        `worker returned a result outside the contract: ${z.prettifyError(parsed.error)}`,
      );
      return this.fail(extractionId, ErrorCode.ExtractionFailed);
    }
    const extraction = await this.repository.find(extractionId);
    if (!extraction || (extraction.status !== 'queued' && extraction.status !== 'running')) return;
    const { errorCode, warningDetails, ...reported } = parsed.data;
    const result = {
      ...reported,
      ...this.validCodes(extractionId, { errorCode, warningDetails }),
      files: this.validFiles(extractionId, reported.files),
    };
    const found = result.files.filter((file) => !file.duplicate).length;
    const owner = { subject: extraction.ownerSubject, addressSubject: extraction.addressSubject };
    const { granted, limits } = await this.quota.reserve(extractionId, owner, found);
    const response: ExtractionResponse = {
      files: keepFirstImages(result.files, granted),
      sourceUrl: result.sourceUrl,
      ...(result.error ? { error: result.error } : {}),
      ...(result.error && result.errorCode ? { errorCode: result.errorCode } : {}),
      warnings: result.warnings,
      ...(result.warningDetails ? { warningDetails: result.warningDetails } : {}),
      limits,
      performanceInfo: result.performanceInfo,
    };
    const won = await this.repository.complete(extractionId, { ...response, totalImagesFound: found });
    if (won) this.progress.completed(extractionId, response);
  }

  /** One file the worker described wrongly costs that file, logged with the reason — not the visitor's whole extraction. */
  private validFiles(extractionId: string, files: unknown[]): ExtractedFile[] {
    return files.flatMap((file) => {
      const parsed = extractedFileSchema.safeParse(file);
      if (parsed.success) return [parsed.data];
      this.logger.error(
        { extractionId, file },
        `worker described a file outside the contract: ${z.prettifyError(parsed.error)}`,
      );
      return [];
    });
  }

  /**
   * Codes a worker newer than this gateway sends (or sends wrongly) cost only the codes: the English `error` and
   * `warnings` stay, and a client words them as sent.
   */
  private validCodes(
    extractionId: string,
    codes: { errorCode?: unknown; warningDetails?: unknown },
  ): z.infer<typeof codesSchema> {
    const parsed = codesSchema.safeParse(codes);
    if (parsed.success) return parsed.data;
    this.logger.warn(
      { extractionId, ...codes },
      `worker sent codes outside the contract: ${z.prettifyError(parsed.error)}`,
    );
    return {};
  }
}

const codesSchema = extractionNoticesSchema.pick({ errorCode: true, warningDetails: true });

/** The result with its files and codes checked apart (see validFiles, validCodes). */
const jobResultEnvelopeSchema = extractJobResultSchema.extend({
  files: z.array(z.unknown()),
  errorCode: z.unknown().optional(),
  warningDetails: z.unknown().optional(),
});

/** The first `count` distinct images in page order, with the duplicates of those kept. */
function keepFirstImages(files: ExtractedFile[], count: number): ExtractedFile[] {
  const kept = new Set<string>();
  return files.filter((file) => {
    if (!file.duplicate && kept.size < count) kept.add(file.fileUrl);
    return kept.has(file.fileUrl);
  });
}
