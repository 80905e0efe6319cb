import { Inject, Injectable } from '@nestjs/common';
import {
  Caller,
  ERROR_MESSAGES,
  ErrorCode,
  ExtractionAccepted,
  ExtractionRequest,
  ExtractionResponse,
  ExtractionStillRunning,
  ExtractionView,
  extractionProgressSchema,
  extractionRequestSchema,
  normaliseExtractionUrl,
} from '@pixtract/contracts';
import { AppException, parseWith, VisitorPresence } from '@pixtract/service-kit';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { QuotaGate } from '../quota/quota-gate.service';
import { ExtractedFileEntity } from './extracted-file.entity';
import { ExtractionEntity, ExtractionOptions } from './extraction.entity';
import { ExtractionFinaliser } from './extraction-finaliser.service';
import { isExtractionId } from './extraction-id';
import { ExtractionReader, mayRead } from './extraction-reader';
import { ExtractionQueue } from './extraction.queue';
import { ExtractionRepository } from './extraction.repository';
import { UrlPolicyService } from './url-policy.service';

/** How long a repeat of the same page and options is answered with the caller's extraction instead of a new one. */
export const REUSE_WINDOW_MS = 5 * 60_000;

interface StartOptions {
  requestId?: string;
  /** The web app's path reuses a recent extraction (unless `rerun`); the seed's synchronous contract never does. */
  reuseRecent: boolean;
}

type SyncOutcome = { done: true; response: ExtractionResponse } | { done: false; accepted: ExtractionStillRunning };

@Injectable()
export class ExtractionService {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly repository: ExtractionRepository,
    private readonly queue: ExtractionQueue,
    private readonly finaliser: ExtractionFinaliser,
    private readonly urlPolicy: UrlPolicyService,
    private readonly quota: QuotaGate,
    private readonly visitors: VisitorPresence,
  ) {}

  /**
   * Validates and normalises the URL; answers the caller's own extraction of the same page and options from the
   * last few minutes when allowed (reload, Back and a second visit charge nothing); else checks the URL, admits
   * the caller (their quota; a 429 at 0 left), stores the extraction with its owner and queues its job.
   */
  async start(
    body: unknown,
    identify: () => Promise<Caller>,
    { requestId, reuseRecent }: StartOptions,
  ): Promise<ExtractionAccepted> {
    // A visitor is served on this machine from the request on (its crawls yield) until the result is stored.
    const extractionId = randomUUID();
    await this.visitors.mark(extractionId);
    try {
      const accepted = await this.admit(extractionId, body, identify, { requestId, reuseRecent });
      if (accepted.reused) await this.visitors.unmark(extractionId);
      return accepted;
    } catch (error) {
      await this.visitors.unmark(extractionId);
      throw error;
    }
  }

  /** The request checked, the caller admitted, the extraction stored and queued (or the recent one answered). */
  private async admit(
    extractionId: string,
    body: unknown,
    identify: () => Promise<Caller>,
    { requestId, reuseRecent }: StartOptions,
  ): Promise<ExtractionAccepted> {
    const request = parseWith(extractionRequestSchema, body);
    const normalised = normaliseExtractionUrl(request.url);
    if (!normalised.ok) throw new AppException(normalised.code, 400);
    const options = optionsOf(request);
    const caller = await identify();
    if (reuseRecent && !request.rerun) {
      const recent = await this.repository.findRecent(
        caller.subject,
        normalised.url,
        options,
        new Date(Date.now() - REUSE_WINDOW_MS),
      );
      if (recent) return { extractionId: recent, reused: true };
    }
    await this.urlPolicy.check(normalised.url);
    const owner = this.quota.admit(caller);

    await this.repository.create(extractionId, normalised.url, options, owner);
    await this.queue.enqueue({
      extractionId,
      url: normalised.url,
      mode: request.mode ?? 'auto',
      fileTypes: request.fileTypes,
      previewLimit: owner.grantable,
      requestId,
    });
    return { extractionId };
  }

  /** The extraction as it stands, to its owner only (anyone else: 404, as for an unknown id). */
  async view(extractionId: string, reader: ExtractionReader): Promise<ExtractionView> {
    const extraction = isExtractionId(extractionId) ? await this.repository.find(extractionId) : null;
    if (!extraction || !mayRead(reader, extraction)) throw new AppException(ErrorCode.ExtractionNotFound, 404);
    return this.current(extraction);
  }

  /** The extraction as it stands; finalises a job whose completion event this process missed. */
  private async current(found: ExtractionEntity): Promise<ExtractionView> {
    const extractionId = found.id;
    let extraction = found;
    let progress: ExtractionView['progress'];
    if (extraction.status === 'queued' || extraction.status === 'running') {
      const { state, job } = await this.queue.lookup(extractionId);
      if (state === 'completed' || state === 'unknown' || state === 'failed') {
        if (state === 'completed') await this.finaliser.complete(extractionId, job?.returnvalue);
        else await this.finaliser.fail(extractionId, ErrorCode.ExtractionFailed);
        // The row as finalised (by this call or by the event listener that got there first).
        extraction = (await this.repository.find(extractionId)) ?? extraction;
      } else progress = parsedProgress(job?.progress);
    }
    const files = extraction.status === 'completed' ? await this.repository.findFiles(extractionId) : [];
    return toView(extraction, files, progress);
  }

  /** The seed's synchronous contract: start, then wait (bounded) for the finished extraction. */
  async extractAndWait(body: unknown, identify: () => Promise<Caller>, requestId?: string): Promise<SyncOutcome> {
    const { extractionId } = await this.start(body, identify, { requestId, reuseRecent: false });
    const deadline = Date.now() + this.config.EXTRACTION_SYNC_WAIT_MS;
    for (let pause = 100; Date.now() < deadline; pause = Math.min(pause * 2, 1000)) {
      const view = await this.current((await this.repository.find(extractionId))!);
      if (view.status === 'completed' && view.result) return { done: true, response: view.result };
      if (view.status === 'failed') throw new AppException(ErrorCode.ExtractionFailed, 502);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
    return {
      done: false,
      accepted: {
        extractionId,
        status: 'running',
        message: ERROR_MESSAGES.EXTRACTION_STILL_RUNNING.replace('{id}', extractionId),
      },
    };
  }
}

/** The options as stored and compared: the defaults left out, file types in one order. */
function optionsOf(request: ExtractionRequest): ExtractionOptions {
  const options: ExtractionOptions = {};
  if (request.mode && request.mode !== 'auto') options.mode = request.mode;
  if (request.fileTypes?.length)
    options.fileTypes = [...new Set(request.fileTypes.map((type) => type.toLowerCase()))].sort();
  return options;
}

function parsedProgress(value: unknown): ExtractionView['progress'] {
  const parsed = extractionProgressSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function toView(
  extraction: ExtractionEntity,
  files: ExtractedFileEntity[],
  progress: ExtractionView['progress'],
): ExtractionView {
  const view: ExtractionView = {
    extractionId: extraction.id,
    url: extraction.url,
    status: extraction.status,
    extractedAt: (extraction.completedAt ?? extraction.createdAt).toISOString(),
  };
  if (progress) view.progress = progress;
  if (extraction.status === 'failed') {
    view.error = extraction.error ?? ERROR_MESSAGES.EXTRACTION_FAILED;
    if (extraction.errorCode) view.errorCode = extraction.errorCode;
  }
  if (extraction.status === 'completed' && extraction.limits && extraction.performanceInfo) {
    view.result = {
      files: files.map(toFile),
      sourceUrl: extraction.sourceUrl ?? extraction.url,
      ...(extraction.error ? { error: extraction.error } : {}),
      ...(extraction.error && extraction.errorCode ? { errorCode: extraction.errorCode } : {}),
      warnings: extraction.warnings,
      ...(extraction.warningDetails ? { warningDetails: extraction.warningDetails } : {}),
      limits: extraction.limits,
      performanceInfo: extraction.performanceInfo,
    };
  }
  return view;
}

function toFile(file: ExtractedFileEntity): ExtractionResponse['files'][number] {
  const optional = {
    width: file.width,
    height: file.height,
    mimeType: file.mimeType,
    extension: file.extension,
    size: file.size === null ? null : Number(file.size),
    sourceNode: file.sourceNode,
    variants: file.variants,
    kind: file.kind,
    extractedTime: file.extractedTime?.toISOString() ?? null,
  };
  return {
    fileUrl: file.fileUrl,
    fileType: file.fileType,
    alt: file.alt,
    position: file.position,
    duplicate: file.duplicate,
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== null)),
  };
}
