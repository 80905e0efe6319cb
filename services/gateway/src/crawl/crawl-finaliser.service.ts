import { Injectable } from '@nestjs/common';
import {
  CrawlWarning,
  ErrorCode,
  ERROR_MESSAGES,
  ExtractedFile,
  ExtractJobPayload,
  extractJobResultSchema,
  extractedFileSchema,
  Limits,
} from '@pixtract/contracts';
import { PinoLogger } from 'nestjs-pino';
import { EntityManager } from 'typeorm';
import { z } from 'zod';
import { QuotaGate } from '../quota/quota-gate.service';
import { mergedWithKnownPictures } from './crawl-charge';
import { CrawlFrontier } from './crawl-frontier.service';
import { CrawlPageEntity } from './crawl-page.entity';
import { CrawlProgressGateway } from './crawl-progress.gateway';
import { CrawlQueue } from './crawl.queue';
import { CrawlRepository } from './crawl.repository';
import { mergeWarnings } from './crawl-warnings';

/** A worker's result with its files checked one by one (one wrong file costs that file, not the page). */
const pageResultSchema = extractJobResultSchema.extend({ files: z.array(z.unknown()) });

/** What a finished page changed: told to the crawl's room, and the queue's work after the commit. */
interface PageOutcome {
  crawlId: string;
  pageId: string;
  files: ExtractedFile[];
  limits?: Limits;
  /** Waiting pages taken off the queue (the crawl is limited). */
  removed?: string[];
  jobs?: ExtractJobPayload[];
  pagesAdded?: string[];
}

/** Hosts of warnings a page's findings raise. */
const hostOf = (url: string) => new URL(url).host;

/**
 * Finishes crawl pages: idempotent, from any replica, on the queue's event or the sweep. One transaction per page,
 * the crawl row locked: the page moves from unfinished to finished exactly once (a second call finds it finished
 * and changes nothing), its new images are charged to the day (auth charges a page id once), its files stored,
 * the links it reported admitted to the frontier; then the crawl ends when no page is left, or as `limited` when
 * the day ran out. New pages are queued after the commit (a page stored but not queued is queued by the sweep).
 */
@Injectable()
export class CrawlFinaliser {
  constructor(
    private readonly repository: CrawlRepository,
    private readonly frontier: CrawlFrontier,
    private readonly queue: CrawlQueue,
    private readonly quota: QuotaGate,
    private readonly progress: CrawlProgressGateway,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(CrawlFinaliser.name);
  }

  async complete(pageId: string, jobResult: unknown): Promise<void> {
    const parsed = pageResultSchema.safeParse(jobResult);
    if (!parsed.success || !parsed.data.crawl) return this.fail(pageId, ErrorCode.ExtractionFailed);
    const result = parsed.data;
    const findings = result.crawl!;
    const outcome = await this.repository.transaction(async (manager) => {
      const page = await this.repository.findPage(pageId, manager);
      if (!page) return undefined;
      const crawl = await this.repository.lock(manager, page.crawlId);
      const current = await this.repository.findPage(pageId, manager);
      if (!crawl || !current || (current.status !== 'queued' && current.status !== 'running')) return undefined;
      const warnings: CrawlWarning[] = [];
      const host = hostOf(page.url);
      if (findings.crawlDelaySeconds)
        warnings.push({ code: 'CRAWL_DELAY', values: { host, seconds: findings.crawlDelaySeconds } });
      if (findings.backoff) warnings.push({ code: 'HOST_BACKOFF', values: { host, status: findings.backoff.status } });
      if (findings.disallowedLinks > 0)
        warnings.push({ code: 'ROBOTS_DISALLOWED', values: { host, count: findings.disallowedLinks } });

      if (findings.disallowed) warnings.push({ code: 'ROBOTS_DISALLOWED', values: { host, count: 1 } });
      if (findings.disallowed || findings.movedTo || findings.ended) {
        const skipReason = findings.disallowed
          ? 'robots'
          : findings.movedTo
            ? 'offsite'
            : crawl.status === 'limited'
              ? 'limited'
              : 'stopped';
        await this.repository.finishPage(manager, pageId, { status: 'skipped', skipReason });
        return this.afterPage(manager, crawl.id, page, warnings, { files: [] });
      }
      if (
        findings.canonicalUrl &&
        !(await this.repository.claimCanonical(manager, crawl.id, findings.canonicalUrl, page.depth))
      ) {
        // The crawl has this page under its canonical address: read once, counted once.
        await this.repository.finishPage(manager, pageId, { status: 'skipped', skipReason: 'duplicate' });
        return this.afterPage(manager, crawl.id, page, warnings, { files: [] });
      }

      const files = this.validFiles(pageId, result.files);
      const distinct = [...new Set(files.filter((file) => !file.duplicate).map((file) => file.fileUrl))];
      const known = await this.repository.knownAddresses(manager, crawl.id, distinct);
      const fresh = distinct.filter((address) => !known.has(address));
      const merged = await mergedWithKnownPictures(
        {
          files,
          read: !result.error,
          photoLinks: findings.photoLinks,
          thumbnailsLinkingHere: () => this.repository.thumbnailsLinkingTo(manager, crawl.id, page.url),
          filesOfReadPages: (pageUrls) => this.repository.filesOfReadPages(manager, crawl.id, pageUrls),
        },
        new Set(fresh),
      );
      // Only pictures new to the crawl are charged: a picture on 30 pages is one image, a photo and its thumbnail too.
      const charged = fresh.filter((address) => !merged.has(address));
      const owner = { subject: crawl.ownerSubject, addressSubject: crawl.addressSubject };
      const { granted, limits } = await this.quota.reserve(pageId, owner, charged.length);
      const kept = new Set([...known, ...merged, ...charged.slice(0, granted)]);
      const stored = files.filter((file) => kept.has(file.fileUrl));
      await this.repository.insertFiles(manager, crawl.id, pageId, stored);
      await this.repository.finishPage(manager, pageId, {
        status: result.error ? 'failed' : 'done',
        imageCount: new Set(stored.filter((file) => !file.duplicate).map((file) => file.fileUrl)).size,
        error: result.error,
        errorCode: result.errorCode,
        photoLinks: findings.photoLinks,
      });
      await this.repository.updateCrawl(manager, crawl.id, { imagesAdded: Math.min(granted, charged.length), limits });
      const limited = granted < charged.length && limits.remaining === 0;
      // The day has more, so the plan's images per extraction cut this page: said, or the cut images go unnoticed.
      if (granted < charged.length && !limited) warnings.push({ code: 'IMAGES_PER_PAGE', values: { limit: granted } });
      let added: CrawlPageEntity[] = [];
      if (limited) {
        await this.repository.end(manager, crawl.id, 'limited');
        const skipped = await this.repository.skipWaiting(manager, crawl.id, 'limited');
        return {
          ...(await this.afterPage(manager, crawl.id, page, warnings, { files: stored, limits })),
          removed: skipped,
        };
      }
      if (crawl.status === 'queued' || crawl.status === 'running') {
        const admitted = await this.frontier.admit(manager, crawl, page, findings.links);
        added = admitted.added;
        warnings.push(...admitted.warnings);
      }
      const after = await this.afterPage(manager, crawl.id, page, warnings, { files: stored, limits });
      return {
        ...after,
        jobs: added.map((next) => this.frontier.jobOf(crawl, next)),
        pagesAdded: added.map((next) => next.url),
      };
    });
    if (!outcome) return;
    if (outcome.removed) await this.queue.remove(outcome.crawlId, outcome.removed);
    if (outcome.jobs) await this.queue.enqueue(outcome.jobs);
    await this.progress.publish(outcome.crawlId, {
      page: outcome.pageId,
      files: outcome.files,
      limits: outcome.limits,
      pagesAdded: outcome.pagesAdded,
    });
  }

  /** A page whose job failed for good (every attempt lost its browser, or a result outside the contract). */
  async fail(pageId: string, code: ErrorCode): Promise<void> {
    const crawlId = await this.repository.transaction(async (manager) => {
      const page = await this.repository.findPage(pageId, manager);
      if (!page) return undefined;
      await this.repository.lock(manager, page.crawlId);
      const current = await this.repository.findPage(pageId, manager);
      if (!current || (current.status !== 'queued' && current.status !== 'running')) return undefined;
      await this.repository.finishPage(manager, pageId, {
        status: 'failed',
        error: ERROR_MESSAGES[code],
        errorCode: code,
      });
      await this.settle(manager, page.crawlId);
      return page.crawlId;
    });
    if (crawlId) await this.progress.publish(crawlId, { page: pageId });
  }

  /** Ends an active crawl whose pages are all finished (the sweep's catch-up for a missed last finish). */
  async settleIdle(crawlId: string): Promise<void> {
    const ended = await this.repository.transaction(async (manager) => {
      await this.repository.lock(manager, crawlId);
      return this.settle(manager, crawlId);
    });
    if (ended) await this.progress.publish(crawlId, {});
  }

  private async afterPage(
    manager: EntityManager,
    crawlId: string,
    page: CrawlPageEntity,
    warnings: CrawlWarning[],
    extra: { files: ExtractedFile[]; limits?: Limits },
  ): Promise<PageOutcome> {
    if (warnings.length > 0) {
      const crawl = await this.repository.find(crawlId, manager);
      await this.repository.updateCrawl(manager, crawlId, {
        warningDetails: mergeWarnings(crawl!.warningDetails, warnings),
      });
    }
    await this.settle(manager, crawlId);
    return { crawlId, pageId: page.id, files: extra.files, limits: extra.limits };
  }

  /** Ends the crawl when no page is left to read: completed, or failed when not one page could be read. */
  private async settle(manager: EntityManager, crawlId: string): Promise<boolean> {
    const counts = await this.repository.countsOf(crawlId, manager);
    if (counts.unfinished > 0) return false;
    return this.repository.end(manager, crawlId, counts.done === 0 && counts.failed > 0 ? 'failed' : 'completed');
  }

  private validFiles(pageId: string, files: unknown[]): ExtractedFile[] {
    return files.flatMap((file) => {
      const parsed = extractedFileSchema.safeParse(file);
      if (parsed.success) return [parsed.data];
      this.logger.error(
        { pageId, file },
        `worker described a file outside the contract: ${z.prettifyError(parsed.error)}`,
      );
      return [];
    });
  }
}
