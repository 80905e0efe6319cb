import { Injectable } from '@nestjs/common';
import {
  CRAWL_PAGE_LIMITS,
  Caller,
  CrawlAccepted,
  CrawlRequest,
  CrawlView,
  ErrorCode,
  crawlPlanOf,
  crawlRequestSchema,
  normaliseCrawlUrl,
  normaliseExtractionUrl,
} from '@pixtract/contracts';
import { AppException, parseWith } from '@pixtract/service-kit';
import { randomUUID } from 'node:crypto';
import { ExtractionReader, mayRead } from '../extraction/extraction-reader';
import { UrlPolicyService } from '../extraction/url-policy.service';
import { QuotaGate } from '../quota/quota-gate.service';
import { CrawlFrontier } from './crawl-frontier.service';
import { isCrawlId } from './crawl-id';
import { CrawlProgressGateway } from './crawl-progress.gateway';
import { CrawlQueue } from './crawl.queue';
import { CrawlEntity, CrawlOptions } from './crawl.entity';
import { CrawlRepository } from './crawl.repository';
import { crawlView } from './crawl-view';

/** Checks each host of a list once (DNS, refused ranges): the workers check every address again when they fetch. */
const MAX_HOSTS_CHECKED = 50;

/** Starting, reading, stopping and re-running crawls. */
@Injectable()
export class CrawlService {
  constructor(
    private readonly repository: CrawlRepository,
    private readonly frontier: CrawlFrontier,
    private readonly queue: CrawlQueue,
    private readonly urlPolicy: UrlPolicyService,
    private readonly quota: QuotaGate,
    private readonly progress: CrawlProgressGateway,
  ) {}

  /**
   * Validates the request as an extraction's (each address normalised and checked, 4xx in the catalogue's words),
   * admits the caller (429 at 0 left), stores the crawl and its first pages, and queues them. Nothing is charged yet.
   */
  async start(body: unknown, identify: () => Promise<Caller>, requestId?: string): Promise<CrawlAccepted> {
    const request = parseWith(crawlRequestSchema, body);
    const addresses = this.addressesOf(request);
    const caller = await identify();
    const planLimit = CRAWL_PAGE_LIMITS[caller.crawlPlan ?? crawlPlanOf(caller.limits.role)];
    if (request.scope === 'list' && addresses.length > planLimit)
      throw new AppException(ErrorCode.CrawlTooManyAddresses, 400, { limit: planLimit });
    const hosts = [...new Map(addresses.map((url) => [new URL(url).host, url])).values()].slice(0, MAX_HOSTS_CHECKED);
    for (const url of hosts) await this.urlPolicy.check(url);
    const owner = this.quota.admit(caller);

    const maxPages = Math.min(planLimit, request.maxPages ?? planLimit);
    const options: CrawlOptions = {
      ...(request.mode && request.mode !== 'auto' && { mode: request.mode }),
      ...(request.fileTypes?.length && {
        fileTypes: [...new Set(request.fileTypes.map((type) => type.toLowerCase()))].sort(),
      }),
      ...(request.maxPages !== undefined && { maxPages: request.maxPages }),
    };
    const crawlId = randomUUID();
    const pages = await this.repository.create(
      {
        id: crawlId,
        scope: request.scope,
        startUrl: addresses[0],
        urls: request.scope === 'list' ? addresses : null,
        options,
        maxPages,
        owner,
      },
      addresses.slice(0, maxPages).map((url) => ({ url, depth: 0, via: 'start' as const })),
    );
    const crawl = (await this.repository.find(crawlId))!;
    await this.queue.enqueue(pages.map((page) => this.frontier.jobOf(crawl, page, requestId)));
    return { crawlId };
  }

  /** Its owner's crawl as it stands (anyone else: 404, as for an unknown id). */
  async view(crawlId: string, reader: ExtractionReader): Promise<CrawlView> {
    const crawl = await this.owned(crawlId, reader);
    const [pages, files, reading] = await Promise.all([
      this.repository.pages(crawl.id),
      this.repository.files(crawl.id),
      this.repository.reading(crawl.id),
    ]);
    return crawlView(crawl, pages, files, reading);
  }

  /** Stops a running crawl: waiting pages are skipped and taken off the queue; pages being read finish. */
  async stop(crawlId: string, reader: ExtractionReader): Promise<CrawlView> {
    const crawl = await this.owned(crawlId, reader);
    const removed = await this.repository.transaction(async (manager) => {
      await this.repository.lock(manager, crawl.id);
      if (!(await this.repository.end(manager, crawl.id, 'stopped'))) return null;
      return this.repository.skipWaiting(manager, crawl.id, 'stopped');
    });
    if (removed) {
      await this.queue.remove(crawl.id, removed);
      await this.progress.publish(crawl.id, {});
    }
    return this.view(crawl.id, reader);
  }

  /** Run again: the same request as a new crawl, admitted and charged as one. */
  async rerun(crawlId: string, identify: () => Promise<Caller>, requestId?: string): Promise<CrawlAccepted> {
    const caller = await identify();
    const crawl = await this.owned(crawlId, caller);
    return this.start(
      {
        scope: crawl.scope,
        ...(crawl.scope === 'list' ? { urls: crawl.urls } : { url: crawl.startUrl }),
        ...(crawl.options.maxPages !== undefined && { maxPages: crawl.options.maxPages }),
        ...(crawl.options.mode && { mode: crawl.options.mode }),
        ...(crawl.options.fileTypes && { fileTypes: crawl.options.fileTypes }),
      },
      () => Promise.resolve(caller),
      requestId,
    );
  }

  async owned(crawlId: string, reader: ExtractionReader): Promise<CrawlEntity> {
    const crawl = isCrawlId(crawlId) ? await this.repository.find(crawlId) : null;
    if (!crawl || !mayRead(reader, crawl)) throw new AppException(ErrorCode.CrawlNotFound, 404);
    return crawl;
  }

  /** The request's addresses, normalised as an extraction's (the first refusal answered) and each once. */
  private addressesOf(request: CrawlRequest): string[] {
    const raw =
      request.scope === 'list' ? (request.urls ?? []).filter((url) => url.trim() !== '') : [request.url ?? ''];
    if (raw.length === 0) throw new AppException(ErrorCode.UrlRequired, 400);
    const addresses: string[] = [];
    for (const text of raw) {
      const normalised = normaliseExtractionUrl(text);
      if (!normalised.ok) throw new AppException(normalised.code, 400);
      addresses.push(normaliseCrawlUrl(normalised.url) ?? normalised.url);
    }
    return [...new Set(addresses)];
  }
}
