import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { GuardProxy, SafeFetchPolicy, startGuardProxy } from '@pixtract/safe-fetch';
import { Counter, METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';
import { EXTRACTOR_CONFIG, ExtractorConfig, SAFE_FETCH_POLICY } from '../extractor.config';
import { BrowserLane, BrowserLaneOptions, PageSession } from './browser-lane';
import { nicedExecutable } from './niced-executable';

/** Whose page it is: a visitor's (a single extraction, a screenshot) or a crawl's. */
export type BrowserUse = 'visitor' | 'crawl';

/** A crawl's Chromium with no page for this long is closed (the next crawl page launches it again). */
const CRAWL_BROWSER_IDLE_MS = 60_000;

/**
 * The worker process's Chromiums, behind one SSRF guard proxy. Visitors' pages render in one browser, launched at
 * start-up; crawl pages, when EXTRACTOR_CRAWL_NICENESS is above 0, in a second one launched at that lower CPU
 * priority when a crawl page comes: on cores the crawl keeps busy, the operating system then gives a visitor's page
 * the CPU first (docs/decisions/crawls.md).
 */
@Injectable()
export class BrowserPoolService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPoolService.name);
  private proxy?: GuardProxy;
  private visitor?: BrowserLane;
  private crawl?: BrowserLane;
  private crawlExecutable?: Awaited<ReturnType<typeof nicedExecutable>>;
  private readonly restarts: Counter<'reason'>;

  constructor(
    @Inject(EXTRACTOR_CONFIG) private readonly config: ExtractorConfig,
    @Inject(SAFE_FETCH_POLICY) private readonly policy: SafeFetchPolicy,
    metrics: MetricsRegistry,
  ) {
    this.restarts = metrics.counter({
      name: `${METRIC_PREFIX}browser_restarts_total`,
      help: 'Chromium replaced: `crashed` (it went away under a worker) or `recycled` (its page budget was spent)',
      labelNames: ['reason'],
    });
    for (const reason of ['crashed', 'recycled']) this.restarts.inc({ reason }, 0);
  }

  async onModuleInit(): Promise<void> {
    this.proxy = await startGuardProxy(this.policy, (event) => {
      if (!event.allowed) this.logger.debug({ msg: 'browser request refused', host: event.host, reason: event.reason });
    });
    const lane = (name: BrowserUse, executablePath: string, crawl?: Pick<BrowserLaneOptions, 'launchedPid'>) =>
      new BrowserLane({
        name,
        executablePath,
        proxyUrl: this.proxy!.url,
        recycleAfterPages: this.config.EXTRACTOR_RECYCLE_AFTER_PAGES,
        ...(crawl && { idleCloseMs: CRAWL_BROWSER_IDLE_MS, ...crawl }),
        onRestart: (reason) => this.restarts.inc({ reason }),
      });
    this.visitor = lane('visitor', this.config.CHROMIUM_PATH);
    const niceness = this.config.EXTRACTOR_CRAWL_NICENESS;
    if (niceness > 0) {
      this.crawlExecutable = await nicedExecutable(this.config.CHROMIUM_PATH, niceness, () =>
        this.logger.warn({ msg: 'setpriv not found: Chromium, started as root, may raise the crawl browser priority' }),
      );
      this.crawl = lane('crawl', this.crawlExecutable.path, { launchedPid: this.crawlExecutable.launchedPid });
    }
    await this.visitor.warm();
  }

  /** The visitors' browser is up (the worker's readiness). */
  isConnected(): boolean {
    return this.visitor?.isConnected() ?? false;
  }

  /** A fresh context and page for one job, in the browser of its use. */
  openPage(use: BrowserUse = 'visitor'): Promise<PageSession> {
    const lane = use === 'crawl' ? (this.crawl ?? this.visitor) : this.visitor;
    if (!lane) throw new Error('The browser pool has not started.');
    return lane.openPage();
  }

  /**
   * The crawl's browser, when crawl pages have one of their own, paused while a visitor's extraction runs on this
   * machine (CrawlBrowserPauseService); undefined when crawl pages share the visitors' browser.
   */
  get pausableCrawl(): Pick<BrowserLane, 'pause' | 'resume' | 'paused' | 'isConnected'> | undefined {
    return this.crawl?.pausable ? this.crawl : undefined;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.visitor?.shutdown(), this.crawl?.shutdown()]);
    await Promise.all([this.proxy?.close(), this.crawlExecutable?.remove()]);
  }
}
