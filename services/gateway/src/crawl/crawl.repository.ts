import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { CrawlSkipReason, CrawlWarning, ErrorCode, ExtractedFile, Limits } from '@pixtract/contracts';
import { crawlPathPattern } from '@pixtract/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import type { ExtractionOwner } from '../quota/quota-gate.service';
import { CrawlFileEntity } from './crawl-file.entity';
import { CrawlPageEntity } from './crawl-page.entity';
import { CrawlEntity, CrawlOptions } from './crawl.entity';

export interface NewCrawl {
  id: string;
  scope: CrawlEntity['scope'];
  startUrl: string;
  urls: string[] | null;
  options: CrawlOptions;
  maxPages: number;
  owner: ExtractionOwner;
}

/** A page to add: its address, depth and how it was found. */
export interface PageToAdd {
  url: string;
  depth: number;
  via: CrawlPageEntity['via'];
}

/** The statuses in which a crawl still takes pages, and in which a page is still to be finished. */
export const ACTIVE = ['queued', 'running'] as const;

const PAGE_COLUMNS = `"id", "crawlId", "seq", "url", "pattern", "depth", "via", "status", "skipReason", "imageCount", "error", "errorCode", "worker", "photoLinks", "createdAt", "finishedAt"`;

/** Crawls, their pages and files: SQL only, the decisions are the services'. */
@Injectable()
export class CrawlRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async create(crawl: NewCrawl, pages: PageToAdd[]): Promise<CrawlPageEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.getRepository(CrawlEntity).insert({
        id: crawl.id,
        scope: crawl.scope,
        startUrl: crawl.startUrl,
        urls: crawl.urls,
        options: crawl.options,
        maxPages: crawl.maxPages,
        status: 'queued',
        ownerSubject: crawl.owner.subject,
        ownerUserId: crawl.owner.userId,
        addressSubject: crawl.owner.addressSubject,
      });
      return this.insertPages(manager, crawl.id, pages);
    });
  }

  find(id: string, manager: EntityManager = this.dataSource.manager): Promise<CrawlEntity | null> {
    return manager.getRepository(CrawlEntity).findOneBy({ id });
  }

  /** The crawl, locked for the rest of the transaction: page finishes of one crawl take turns. */
  async lock(manager: EntityManager, id: string): Promise<CrawlEntity | null> {
    return manager
      .getRepository(CrawlEntity)
      .createQueryBuilder('crawl')
      .setLock('pessimistic_write')
      .where('crawl.id = :id', { id })
      .getOne();
  }

  findPage(id: string, manager: EntityManager = this.dataSource.manager): Promise<CrawlPageEntity | null> {
    return manager.getRepository(CrawlPageEntity).findOneBy({ id });
  }

  /** The crawl's pages in the order found (canonical stand-ins left out: they are addresses, not pages). */
  pages(crawlId: string): Promise<CrawlPageEntity[]> {
    return this.dataSource
      .getRepository(CrawlPageEntity)
      .createQueryBuilder('page')
      .where('page.crawlId = :crawlId AND page.via <> :canonical', { crawlId, canonical: 'canonical' })
      .orderBy('page.seq', 'ASC')
      .getMany();
  }

  /** Every stored file of the crawl, in page order, then page position. */
  async files(crawlId: string): Promise<Array<CrawlFileEntity & { pageUrl: string }>> {
    return this.dataSource.query(
      `SELECT f."id", f."crawlId", f."pageId", f."fileUrl", f."position", f."file", p."url" AS "pageUrl"
         FROM "crawl_files" f JOIN "crawl_pages" p ON p."id" = f."pageId"
        WHERE f."crawlId" = $1 ORDER BY p."seq", f."position"`,
      [crawlId],
    );
  }

  /** The pages (addresses, in found order) each of these image addresses is on. */
  async pagesOfAddresses(crawlId: string, addresses: string[]): Promise<Map<string, string[]>> {
    const rows: Array<{ fileUrl: string; pageUrls: string[] }> = await this.dataSource.query(
      `SELECT f."fileUrl", array_agg(DISTINCT p."url") AS "pageUrls"
         FROM "crawl_files" f JOIN "crawl_pages" p ON p."id" = f."pageId"
        WHERE f."crawlId" = $1 AND f."fileUrl" = ANY($2::text[]) GROUP BY 1`,
      [crawlId, addresses],
    );
    return new Map(rows.map((row) => [row.fileUrl, row.pageUrls]));
  }

  /** Of these addresses, those the crawl's result already has. */
  async knownAddresses(manager: EntityManager, crawlId: string, addresses: string[]): Promise<Set<string>> {
    if (addresses.length === 0) return new Set();
    const rows: Array<{ fileUrl: string }> = await manager.query(
      `SELECT DISTINCT "fileUrl" FROM "crawl_files" WHERE "crawlId" = $1 AND "fileUrl" = ANY($2::text[])`,
      [crawlId, addresses],
    );
    return new Set(rows.map((row) => row.fileUrl));
  }

  /** The stored thumbnails, on pages of the crawl, that link to the photo page at `pageUrl` (a GIN index finds them). */
  async thumbnailsLinkingTo(manager: EntityManager, crawlId: string, pageUrl: string): Promise<ExtractedFile[]> {
    const rows: Array<{ file: ExtractedFile }> = await manager.query(
      `SELECT DISTINCT ON (f."fileUrl") f."file"
         FROM "crawl_pages" p CROSS JOIN jsonb_array_elements(p."photoLinks") AS link
         JOIN "crawl_files" f ON f."crawlId" = p."crawlId" AND f."fileUrl" = link->>'imageUrl'
        WHERE p."crawlId" = $1 AND p."photoLinks" @> $3::jsonb AND link->>'pageUrl' = $2`,
      [crawlId, pageUrl, JSON.stringify([{ pageUrl }])],
    );
    return rows.map((row) => row.file);
  }

  /** The stored files of the crawl's read pages at these addresses, by page address. */
  async filesOfReadPages(
    manager: EntityManager,
    crawlId: string,
    pageUrls: string[],
  ): Promise<Map<string, ExtractedFile[]>> {
    const byPage = new Map<string, ExtractedFile[]>();
    const rows: Array<{ url: string; file: ExtractedFile }> = await manager.query(
      `SELECT p."url", f."file" FROM "crawl_files" f JOIN "crawl_pages" p ON p."id" = f."pageId"
        WHERE f."crawlId" = $1 AND p."status" = 'done' AND p."url" = ANY($2::text[])`,
      [crawlId, pageUrls],
    );
    for (const { url, file } of rows) byPage.set(url, [...(byPage.get(url) ?? []), file]);
    return byPage;
  }

  /** Of these page addresses, those the crawl has (read, waiting or skipped). */
  async knownPages(manager: EntityManager, crawlId: string, urls: string[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const rows: Array<{ url: string }> = await manager.query(
      `SELECT "url" FROM "crawl_pages" WHERE "crawlId" = $1 AND "url" = ANY($2::text[])`,
      [crawlId, urls],
    );
    return new Set(rows.map((row) => row.url));
  }

  /** Pages counted against the limit: every page but canonical stand-ins. */
  async countPages(manager: EntityManager, crawlId: string): Promise<number> {
    const [row] = await manager.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS "count" FROM "crawl_pages" WHERE "crawlId" = $1 AND "via" <> 'canonical'`,
      [crawlId],
    );
    return row.count;
  }

  async countByPattern(manager: EntityManager, crawlId: string, patterns: string[]): Promise<Map<string, number>> {
    const rows: Array<{ pattern: string; count: number }> = await manager.query(
      `SELECT "pattern", count(*)::int AS "count" FROM "crawl_pages" WHERE "crawlId" = $1 AND "pattern" = ANY($2::text[]) GROUP BY 1`,
      [crawlId, patterns],
    );
    return new Map(rows.map((row) => [row.pattern, row.count]));
  }

  /** Adds pages not yet in the crawl (the unique index decides); answers those added. */
  async insertPages(manager: EntityManager, crawlId: string, pages: PageToAdd[]): Promise<CrawlPageEntity[]> {
    const added: CrawlPageEntity[] = [];
    for (const page of pages) {
      const rows: CrawlPageEntity[] = await manager.query(
        `INSERT INTO "crawl_pages" ("id", "crawlId", "url", "pattern", "depth", "via") VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ("crawlId", "url") DO NOTHING RETURNING ${PAGE_COLUMNS}`,
        [randomUUID(), crawlId, page.url, crawlPathPattern(page.url), page.depth, page.via],
      );
      added.push(...rows);
    }
    return added;
  }

  /** A stand-in for a page's canonical address; false when the crawl has that address already. */
  async claimCanonical(manager: EntityManager, crawlId: string, url: string, depth: number): Promise<boolean> {
    const added = await this.insertPages(manager, crawlId, [{ url, depth, via: 'canonical' }]);
    if (added.length === 0) return false;
    await manager.query(`UPDATE "crawl_pages" SET "status" = 'skipped', "skipReason" = 'duplicate' WHERE "id" = $1`, [
      added[0].id,
    ]);
    return true;
  }

  /** The page taken by `worker`; false once it is finished. */
  async markRunning(pageId: string, worker: string): Promise<boolean> {
    const [, changed]: [unknown, number] = await this.dataSource.query(
      `UPDATE "crawl_pages" SET "status" = 'running', "worker" = $2
        WHERE "id" = $1 AND "status" IN ('queued', 'running') AND "worker" IS DISTINCT FROM $2`,
      [pageId, worker],
    );
    if (changed > 0)
      await this.dataSource.query(
        `UPDATE "crawls" SET "status" = 'running' WHERE "id" = (SELECT "crawlId" FROM "crawl_pages" WHERE "id" = $1) AND "status" = 'queued'`,
        [pageId],
      );
    return changed > 0;
  }

  async finishPage(
    manager: EntityManager,
    pageId: string,
    outcome: {
      status: 'done' | 'failed' | 'skipped';
      imageCount?: number;
      error?: string;
      errorCode?: ErrorCode;
      skipReason?: CrawlSkipReason;
      photoLinks?: CrawlPageEntity['photoLinks'];
    },
  ): Promise<void> {
    await manager.query(
      `UPDATE "crawl_pages" SET "status" = $2, "imageCount" = $3, "error" = $4, "errorCode" = $5, "skipReason" = $6,
              "photoLinks" = $7, "worker" = NULL, "finishedAt" = now()
        WHERE "id" = $1`,
      [
        pageId,
        outcome.status,
        outcome.imageCount ?? 0,
        outcome.error ?? null,
        outcome.errorCode ?? null,
        outcome.skipReason ?? null,
        JSON.stringify(outcome.photoLinks ?? []),
      ],
    );
  }

  async insertFiles(manager: EntityManager, crawlId: string, pageId: string, files: ExtractedFile[]): Promise<void> {
    if (files.length === 0) return;
    await manager.getRepository(CrawlFileEntity).insert(
      files.map((file, index) => ({
        crawlId,
        pageId,
        fileUrl: file.fileUrl,
        position: file.position ?? index,
        file,
      })),
    );
  }

  async updateCrawl(
    manager: EntityManager,
    id: string,
    change: { imagesAdded?: number; limits?: Limits; warningDetails?: CrawlWarning[] },
  ): Promise<void> {
    await manager.query(
      `UPDATE "crawls" SET "imagesFound" = "imagesFound" + $2, "limits" = coalesce($3::jsonb, "limits"),
              "warningDetails" = coalesce($4::jsonb, "warningDetails")
        WHERE "id" = $1`,
      [
        id,
        change.imagesAdded ?? 0,
        change.limits ? JSON.stringify(change.limits) : null,
        change.warningDetails ? JSON.stringify(change.warningDetails) : null,
      ],
    );
  }

  /** Ends an active crawl with `status`; false when it had ended already. */
  async end(
    manager: EntityManager,
    id: string,
    status: 'completed' | 'stopped' | 'limited' | 'failed',
  ): Promise<boolean> {
    const [, changed]: [unknown, number] = await manager.query(
      `UPDATE "crawls" SET "status" = $2, "finishedAt" = now() WHERE "id" = $1 AND "status" IN ('queued', 'running')`,
      [id, status],
    );
    return changed > 0;
  }

  /** Marks every page still waiting as skipped (the crawl stopped or hit its limit); answers their ids. */
  async skipWaiting(manager: EntityManager, crawlId: string, reason: CrawlSkipReason): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query(
      `UPDATE "crawl_pages" SET "status" = 'skipped', "skipReason" = $2, "finishedAt" = now()
        WHERE "crawlId" = $1 AND "status" = 'queued' RETURNING "id"`,
      [crawlId, reason],
    );
    return rows.map((row) => row.id);
  }

  async countsOf(
    crawlId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ done: number; failed: number; found: number; unfinished: number }> {
    const [row] = await manager.query<Array<{ done: number; failed: number; found: number; unfinished: number }>>(
      `SELECT count(*) FILTER (WHERE "status" = 'done')::int AS "done",
              count(*) FILTER (WHERE "status" = 'failed')::int AS "failed",
              count(*) FILTER (WHERE "via" <> 'canonical')::int AS "found",
              count(*) FILTER (WHERE "status" IN ('queued', 'running'))::int AS "unfinished"
         FROM "crawl_pages" WHERE "crawlId" = $1`,
      [crawlId],
    );
    return row;
  }

  /** The pages being read now, with their workers. */
  reading(crawlId: string): Promise<Array<{ url: string; worker: string }>> {
    return this.dataSource.query(
      `SELECT "url", "worker" FROM "crawl_pages" WHERE "crawlId" = $1 AND "status" = 'running' AND "worker" IS NOT NULL ORDER BY "seq"`,
      [crawlId],
    );
  }

  /** Unfinished pages of active crawls not touched for `olderThanMs`: the sweep checks their jobs. */
  unfinishedPages(olderThanMs: number, limit: number): Promise<Array<Pick<CrawlPageEntity, 'id' | 'crawlId'>>> {
    return this.dataSource.query(
      `SELECT p."id", p."crawlId" FROM "crawl_pages" p JOIN "crawls" c ON c."id" = p."crawlId"
        WHERE c."status" IN ('queued', 'running') AND p."status" IN ('queued', 'running')
          AND p."createdAt" < now() - make_interval(secs => $1 / 1000.0)
        ORDER BY p."seq" LIMIT $2`,
      [olderThanMs, limit],
    );
  }

  /** Active crawls with no unfinished page (their last finish was missed): the sweep ends them. */
  async idleActiveCrawls(): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT c."id" FROM "crawls" c WHERE c."status" IN ('queued', 'running')
          AND NOT EXISTS (SELECT 1 FROM "crawl_pages" p WHERE p."crawlId" = c."id" AND p."status" IN ('queued', 'running'))`,
    );
    return rows.map((row) => row.id);
  }

  /** The member's crawls for their history, newest first. */
  history(userId: number, limit: number): Promise<Array<CrawlEntity & { pagesDone: number }>> {
    return this.dataSource.query(
      `SELECT c.*, (SELECT count(*)::int FROM "crawl_pages" p WHERE p."crawlId" = c."id" AND p."status" = 'done') AS "pagesDone"
         FROM "crawls" c WHERE c."ownerUserId" = $1 ORDER BY c."createdAt" DESC LIMIT $2`,
      [userId, limit],
    );
  }
}
