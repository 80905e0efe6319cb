import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  crawlEndedKey,
  CrawlPageFindings,
  CrawlPageJob,
  CrawlPageProgress,
  ExtractJobPayload,
  ExtractJobResult,
} from '@pixtract/contracts';
import { SafeFetchPolicy } from '@pixtract/safe-fetch';
import { REDIS, VisitorPresence } from '@pixtract/service-kit';
import { DelayedError, Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { EXTRACTOR_CONFIG, ExtractorConfig } from '../extractor.config';
import { ExtractionService } from '../extraction/extraction.service';
import type { PageSnapshot } from '../extraction/snapshot/page-snapshot';
import { CRAWL_FETCH_POLICY, WORKER_NAME } from './crawler-identity';
import { HostLeaseService } from './host-lease.service';
import { pageLinks } from './page-links';
import { RobotsService } from './robots.service';
import { sameSite } from './site.util';
import { SitemapService } from './sitemap.service';

type CrawlPagePayload = ExtractJobPayload & { crawl: CrawlPageJob };

/** A host answering these is too busy: it is backed off and the page read again later. */
const BUSY_STATUSES = new Set([429, 503]);
/** Pages a `site` crawl takes from the sitemap at most (the gateway's page limit cuts further). */
const SITEMAP_PAGES = 10_000;
/**
 * The extraction's own progress (stages, ticks, previews) is not sent for a crawl page: the crawl shows which page
 * each worker reads, said once when the page starts, and its files when it finishes. Each event would cost a Redis
 * write and the gateway a database round trip in the slots that finish pages.
 */
const unreported = () => Promise.resolve();
/**
 * A crawl page that finds its machine serving a visitor's single extraction waits before it starts, holding its
 * queue slot (a slot is of no use to the crawl meanwhile), VISITOR_WAIT_MS at most: visitors first, yet a crawl on a
 * machine that never stops serving them moves on. Waiting here rather than back on the queue: 12 crawl slots
 * bouncing every 250 ms moved ~50 jobs a second through Redis, the workers and the gateway's queue events, on the
 * cores the visitor needed.
 */
const VISITOR_WAIT_MS = 10_000;
/**
 * A crawl page whose host has no lease free waits for one in place this long at most, holding its queue slot, then
 * goes back to the queue: sent back at each refusal, a page of a busy host was taken 13–39 times before it was
 * read, each time a move through Redis, the workers and the gateway's queue events (`npm run bench -- crawl`). A
 * page of another host waits at most this long for a slot held so.
 */
const LEASE_WAIT_MS = 5_000;

/**
 * One page of a crawl on a worker: not while its machine serves a visitor's extraction (VISITOR_WAIT_MS), then
 * robots.txt (a disallowed page is not fetched), then a lease on its host (none free within LEASE_WAIT_MS: the job
 * goes back to the queue, delayed, without spending an attempt), then the extraction pipeline as for a single page,
 * and the links the scope follows. A 429 or 503 backs the host off for every worker and puts the page back, until
 * CRAWL_MAX_BACKOFFS; the page then finishes with its error and the backoff reported.
 */
@Injectable()
export class CrawlPageService {
  private readonly logger = new Logger(CrawlPageService.name);

  constructor(
    private readonly extraction: ExtractionService,
    private readonly robots: RobotsService,
    private readonly leases: HostLeaseService,
    private readonly sitemaps: SitemapService,
    private readonly visitors: VisitorPresence,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EXTRACTOR_CONFIG) private readonly config: ExtractorConfig,
    @Inject(CRAWL_FETCH_POLICY) private readonly policy: SafeFetchPolicy,
  ) {}

  async read(job: Job, payload: CrawlPagePayload, token: string | undefined): Promise<ExtractJobResult> {
    const { crawl } = payload;
    const context = { jobId: job.id, extractionId: payload.extractionId, requestId: payload.requestId };
    const report = (progress: Omit<CrawlPageProgress, 'crawlId' | 'worker'>) =>
      job.updateProgress({ ...progress, crawlId: crawl.crawlId, worker: WORKER_NAME });
    await this.visitors.served(VISITOR_WAIT_MS);
    const host = new URL(payload.url).host;
    const rules = await this.robots.rulesFor(payload.url);
    if (!rules.allows(payload.url)) return notRead(payload, crawl, { disallowed: true });

    const lease = await this.leases.acquireWithin(host, rules.crawlDelaySeconds, LEASE_WAIT_MS);
    if (typeof lease === 'number') return this.later(job, token, lease);
    // Stopped or limited while this page waited for robots.txt or its host: the gateway could not take it back.
    if (await this.redis.exists(crawlEndedKey(this.config.QUEUE_PREFIX, crawl.crawlId))) {
      await lease.release();
      return notRead(payload, crawl, { ended: true });
    }
    let snapshot: PageSnapshot | undefined;
    let result: ExtractJobResult;
    try {
      await report({ stage: 'queued', percent: 0, imagesFound: 0 });
      result = await this.extraction.extract(payload, context, unreported, {
        seen: (seen) => (snapshot = seen),
        policy: this.policy,
      });
    } finally {
      await lease.release();
    }
    // Moved to another site (a redirect, a meta refresh, a script): that site's page, whose links are not the crawl's.
    if (!sameSite(payload.url, result.sourceUrl)) return notRead(payload, crawl, { movedTo: result.sourceUrl });

    const busy = result.warningDetails?.find(
      (warning) => warning.code === 'HTTP_STATUS' && BUSY_STATUSES.has(warning.values.status),
    );
    const backoff =
      busy?.code === 'HTTP_STATUS'
        ? { status: busy.values.status, retryAfterSeconds: busy.values.retryAfterSeconds }
        : undefined;
    if (backoff) {
      const waitMs = await this.leases.backOff(host, backoff.retryAfterSeconds);
      const tries = await this.countBackoff(job);
      this.logger.log({ msg: 'host busy: backed off', host, waitMs, tries, ...context });
      if (tries < this.config.CRAWL_MAX_BACKOFFS) {
        await report({ stage: 'queued', percent: 0, imagesFound: 0, backoff });
        return this.later(job, token, waitMs);
      }
    } else await this.leases.recovered(host);

    const discovered = crawl.discover && snapshot ? pageLinks(snapshot, result.sourceUrl, crawl.scope) : undefined;
    const allowed = discovered ? await this.allowedLinks(discovered.links) : { links: [], refused: 0 };
    if (crawl.sitemap) {
      const listed = await this.sitemaps.pagesOf(payload.url, rules.sitemaps, SITEMAP_PAGES);
      const sitemapLinks = await this.allowedLinks(listed.map((url) => ({ url, via: 'sitemap' as const })));
      allowed.links.push(...sitemapLinks.links);
      allowed.refused += sitemapLinks.refused;
    }
    const findings: CrawlPageFindings = {
      crawlId: crawl.crawlId,
      worker: WORKER_NAME,
      links: allowed.links,
      disallowedLinks: allowed.refused,
      photoLinks: discovered?.photoLinks ?? [],
      ...(discovered?.canonicalUrl && { canonicalUrl: discovered.canonicalUrl }),
      ...(rules.crawlDelaySeconds > 0 && { crawlDelaySeconds: rules.crawlDelaySeconds }),
      ...(backoff && { backoff }),
    };
    return { ...result, crawl: findings };
  }

  /** The links robots.txt of their hosts allows Pixtract, and how many it refused. */
  private async allowedLinks(
    links: CrawlPageFindings['links'],
  ): Promise<{ links: CrawlPageFindings['links']; refused: number }> {
    const rulesByOrigin = new Map<string, Awaited<ReturnType<RobotsService['rulesFor']>>>();
    const kept: CrawlPageFindings['links'] = [];
    for (const link of links) {
      const origin = new URL(link.url).origin;
      let rules = rulesByOrigin.get(origin);
      if (!rules) rulesByOrigin.set(origin, (rules = await this.robots.rulesFor(link.url)));
      if (rules.allows(link.url)) kept.push(link);
    }
    return { links: kept, refused: links.length - kept.length };
  }

  /** Back to the queue, delayed: not a failure, and no attempt spent. */
  private async later(job: Job, token: string | undefined, waitMs: number): Promise<never> {
    // A little spread, so pages waiting on one host do not all ask again at the same moment.
    await job.moveToDelayed(Date.now() + waitMs + Math.floor(Math.random() * 100), token);
    throw new DelayedError();
  }

  /** Counts one more of the page's backoffs; answers how many so far. */
  private async countBackoff(job: Job): Promise<number> {
    const key = `${this.config.QUEUE_PREFIX}:crawl:page:${job.id}:backoffs`;
    const [[, count]] = (await this.redis
      .multi()
      .incr(key)
      .expire(key, 24 * 3600)
      .exec()) as [[null, number]];
    return count;
  }
}

/**
 * A page that is not the crawl's (robots.txt disallows it, it moved to another site, or the crawl ended before it
 * was fetched): no images, no links.
 */
function notRead(
  payload: CrawlPagePayload,
  crawl: CrawlPageJob,
  why: Partial<Pick<CrawlPageFindings, 'disallowed' | 'movedTo' | 'ended'>>,
): ExtractJobResult {
  return {
    files: [],
    sourceUrl: payload.url,
    warnings: [],
    performanceInfo: { timeMs: 0, method: why.disallowed ? 'robots' : why.movedTo ? 'moved' : 'ended' },
    totalImagesFound: 0,
    crawl: { crawlId: crawl.crawlId, worker: WORKER_NAME, ...why, links: [], disallowedLinks: 0, photoLinks: [] },
  };
}
