import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CrawlScope,
  ERROR_MESSAGES,
  type ErrorCode,
  type ExtractedFile,
  type ExtractionHistoryItem,
  type ExtractionWarning,
  type Limits,
  type PerformanceInfo,
  RECENT_ACTIVITY_LIMIT,
  type RecentImage,
} from '@pixtract/contracts';
import { DataSource } from 'typeorm';
import type { ExtractionOwner } from '../quota/quota-gate.service';
import { ExtractedFileEntity } from './extracted-file.entity';
import { ExtractionEntity, ExtractionOptions } from './extraction.entity';

interface CompletedExtraction {
  sourceUrl: string;
  files: ExtractedFile[];
  warnings: string[];
  warningDetails?: ExtractionWarning[];
  error?: string;
  errorCode?: ErrorCode;
  limits: Limits;
  performanceInfo: PerformanceInfo;
  totalImagesFound: number;
}

@Injectable()
export class ExtractionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(id: string, url: string, options: ExtractionOptions, owner: ExtractionOwner): Promise<void> {
    await this.dataSource.getRepository(ExtractionEntity).insert({
      id,
      url,
      options,
      status: 'queued',
      ownerSubject: owner.subject,
      ownerUserId: owner.userId,
      addressSubject: owner.addressSubject,
    });
  }

  find(id: string): Promise<ExtractionEntity | null> {
    return this.dataSource.getRepository(ExtractionEntity).findOneBy({ id });
  }

  /** The owner's newest extraction of this page and options since `since` that has not failed, if any. */
  async findRecent(ownerSubject: string, url: string, options: ExtractionOptions, since: Date): Promise<string | null> {
    const [row]: Array<{ id: string }> = await this.dataSource.query(
      `SELECT "id" FROM "extractions"
        WHERE "ownerSubject" = $1 AND "createdAt" > $2 AND "url" = $3 AND "options" = $4::jsonb AND "status" <> 'failed'
        ORDER BY "createdAt" DESC LIMIT 1`,
      [ownerSubject, since, url, JSON.stringify(options)],
    );
    return row?.id ?? null;
  }

  findFiles(id: string): Promise<ExtractedFileEntity[]> {
    return this.dataSource
      .getRepository(ExtractedFileEntity)
      .find({ where: { extractionId: id }, order: { position: 'ASC' } });
  }

  async markRunning(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "extractions" SET "status" = 'running' WHERE "id" = $1 AND "status" = 'queued'`,
      [id],
    );
  }

  /**
   * Stores the outcome once. The conditional UPDATE is the idempotency guard: of any number of
   * concurrent finalisations (replicas, queue event and GET racing) exactly one sees a row change
   * and writes the files; the others get false and change nothing.
   */
  complete(id: string, outcome: CompletedExtraction): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const updated: [unknown[], number] = await manager.query(
        `UPDATE "extractions"
            SET "status" = 'completed', "sourceUrl" = $2, "error" = $3, "warnings" = $4, "limits" = $5,
                "performanceInfo" = $6, "imageCount" = $7, "totalImagesFound" = $8, "errorCode" = $9,
                "warningDetails" = $10, "completedAt" = now()
          WHERE "id" = $1 AND "status" IN ('queued', 'running')`,
        [
          id,
          outcome.sourceUrl,
          outcome.error ?? null,
          JSON.stringify(outcome.warnings),
          JSON.stringify(outcome.limits),
          JSON.stringify(outcome.performanceInfo),
          outcome.files.filter((file) => !file.duplicate).length,
          outcome.totalImagesFound,
          outcome.errorCode ?? null,
          outcome.warningDetails ? JSON.stringify(outcome.warningDetails) : null,
        ],
      );
      if (updated[1] !== 1) return false;
      if (outcome.files.length > 0) {
        await manager.getRepository(ExtractedFileEntity).insert(
          outcome.files.map((file, index) => ({
            extractionId: id,
            url: outcome.sourceUrl,
            fileUrl: file.fileUrl,
            alt: file.alt ?? '',
            width: file.width ?? null,
            height: file.height ?? null,
            fileType: file.fileType ?? 'image',
            mimeType: file.mimeType ?? null,
            extension: file.extension ?? null,
            size: file.size === undefined ? null : String(file.size),
            position: file.position ?? index,
            sourceNode: file.sourceNode ?? null,
            duplicate: file.duplicate ?? false,
            variants: file.variants ?? null,
            kind: file.kind ?? null,
            extractedTime: file.extractedTime ? new Date(file.extractedTime) : null,
          })),
        );
      }
      return true;
    });
  }

  /** Same guard as complete(): true only for the call that moved the row to failed. */
  async fail(id: string, code: ErrorCode): Promise<boolean> {
    const updated: [unknown[], number] = await this.dataSource.query(
      `UPDATE "extractions" SET "status" = 'failed', "error" = $2, "errorCode" = $3, "completedAt" = now()
        WHERE "id" = $1 AND "status" IN ('queued', 'running')`,
      [id, ERROR_MESSAGES[code], code],
    );
    return updated[1] === 1;
  }

  /** A member's Recent Activity: their extractions and crawls, newest first (a crawl's row says so, with its scope and pages read). */
  async history(userId: number): Promise<ExtractionHistoryItem[]> {
    const rows = await this.dataSource.query<
      Array<{
        id: string;
        url: string;
        extractedAt: Date;
        status: string;
        imageCount: number;
        kind: 'extraction' | 'crawl';
        scope: CrawlScope | null;
        pagesDone: number | null;
      }>
    >(
      `SELECT "id", "url", "extractedAt", "status", "imageCount", "kind", "scope", "pagesDone" FROM (
         SELECT "id"::text, "url", coalesce("completedAt", "createdAt") AS "extractedAt", "status", "imageCount",
                'extraction' AS "kind", NULL AS "scope", NULL::int AS "pagesDone", "createdAt"
           FROM "extractions" WHERE "ownerUserId" = $1
         UNION ALL
         SELECT c."id"::text, c."startUrl", coalesce(c."finishedAt", c."createdAt"), c."status", c."imagesFound",
                'crawl', c."scope",
                (SELECT count(*)::int FROM "crawl_pages" p WHERE p."crawlId" = c."id" AND p."status" = 'done'), c."createdAt"
           FROM "crawls" c WHERE c."ownerUserId" = $1
       ) AS activity ORDER BY "createdAt" DESC LIMIT $2`,
      [userId, RECENT_ACTIVITY_LIMIT],
    );
    return rows.map(({ scope, pagesDone, kind, ...row }) => ({
      ...row,
      extractedAt: row.extractedAt.toISOString(),
      ...(kind === 'crawl' && scope && { kind, scope, pagesDone: pagesDone ?? 0 }),
    }));
  }

  /** The newest distinct images of the member's extractions; sourceUrl is the image's own address. */
  async recentImages(userId: number): Promise<RecentImage[]> {
    const rows: Array<{
      id: string;
      alt: string;
      width: number | null;
      height: number | null;
      sourceUrl: string;
      extractedAt: Date;
    }> = await this.dataSource.query(
      `SELECT f."id", f."alt", f."width", f."height", f."fileUrl" AS "sourceUrl", coalesce(e."completedAt", e."createdAt") AS "extractedAt"
         FROM "extracted_files" f JOIN "extractions" e ON e."id" = f."extractionId"
        WHERE e."ownerUserId" = $1 AND NOT f."duplicate"
        ORDER BY e."createdAt" DESC, f."position" ASC LIMIT $2`,
      [userId, RECENT_ACTIVITY_LIMIT],
    );
    return rows.map((row) => ({ ...row, id: String(row.id), extractedAt: row.extractedAt.toISOString() }));
  }
}
