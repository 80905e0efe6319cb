import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { GuardProxy, SafeFetchPolicy, startGuardProxy } from '@pixtract/safe-fetch';
import { Counter, METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';
import { Browser, BrowserContext, BrowserContextOptions, chromium, Page } from 'playwright-core';
import { EXTRACTOR_CONFIG, ExtractorConfig, SAFE_FETCH_POLICY } from '../extractor.config';
import { installActivityProbe, SHORT_TIMER_MS } from './activity-probe';
import { blockFontsAndMedia } from './resource-blocking';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Chromium skips proxies for loopback by default; the guard proxy must see those requests too.
  '--proxy-bypass-list=<-loopback>',
  // WebRTC would otherwise open UDP sockets of its own, around the proxy.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  // A sandboxed frame otherwise renders in a process of its own, whose image responses the page never reports.
  '--disable-features=IsolateSandboxedIframes',
];

const CONTEXT_OPTIONS: BrowserContextOptions = {
  serviceWorkers: 'block',
  acceptDownloads: false,
  viewport: { width: 1366, height: 900 },
};

const ignore = () => undefined;

/** One launched Chromium and the pages it has served. */
class PooledBrowser {
  pagesOpened = 0;
  inFlight = 0;
  retired = false;

  constructor(readonly browser: Browser) {}
}

/**
 * A page in a context of its own, fonts and media blocked and the activity probe installed; closing it disposes
 * the context (cookies, storage, popups) with it.
 */
class PageSession {
  private crashed = false;
  private closedUnderUs = false;
  private closing?: Promise<void>;

  constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
    readonly browser: Browser,
    private readonly onClosed: () => void,
  ) {
    page.on('crash', () => {
      this.crashed = true;
    });
    // The browser closing (shutdown, crash) takes its contexts with it; only close() is ours.
    context.on('close', () => {
      if (!this.closing) this.closedUnderUs = true;
    });
    context.on('page', (popup) => popup !== page && void popup.close().catch(ignore));
    context.on('dialog', (dialog) => void dialog.dismiss().catch(ignore));
  }

  /** The renderer crashed or the browser went away: the page's failure says nothing about the site. */
  get lost(): boolean {
    return this.crashed || this.closedUnderUs || !this.browser.isConnected();
  }

  /** Idempotent; also how a runaway page is stopped mid-work (its pending calls reject). */
  close(): Promise<void> {
    this.closing ??= this.context.close().catch(ignore).finally(this.onClosed);
    return this.closing;
  }
}

/**
 * One Chromium per worker process, every request of its pages sent through the SSRF guard proxy. Each job gets a
 * fresh context. The browser is relaunched when it dies and replaced after a number of pages (Chromium's memory
 * grows with use); a replaced browser closes once its last in-flight page is done.
 */
@Injectable()
export class BrowserPoolService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(BrowserPoolService.name);
  private readonly open = new Set<PooledBrowser>();
  private proxy?: GuardProxy;
  private current?: PooledBrowser;
  private spare?: Promise<PageSession>;
  private launching?: Promise<PooledBrowser>;
  private shuttingDown = false;
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
    await this.acquireBrowser();
    this.prepareSpare();
  }

  isConnected(): boolean {
    return this.current?.browser.isConnected() ?? false;
  }

  /**
   * A fresh context and page for one job: the one prepared while no page was loading, else a new one. The next is
   * prepared once a page closes, not while this one loads: creating a context (and closing the last one) beside
   * a navigation made it take nearly twice as long on two cores (docs/decisions/extractor.md). A prepared page that
   * outlived its browser is discarded.
   */
  async openPage(): Promise<PageSession> {
    if (this.shuttingDown) throw new Error('The browser pool is shutting down.');
    const prepared = await this.takeSpare();
    return prepared ?? (await this.createSession(await this.acquireBrowser()));
  }

  private async takeSpare(): Promise<PageSession | undefined> {
    const spare = this.spare;
    this.spare = undefined;
    const session = await spare?.catch(() => undefined);
    if (!session) return undefined;
    if (!session.lost && session.browser === this.current?.browser) return session;
    await session.close();
    return undefined;
  }

  private prepareSpare(): void {
    if (this.shuttingDown || this.spare) return;
    this.spare = this.acquireBrowser().then((pooled) => this.createSession(pooled));
    this.spare.catch((error: unknown) => this.logger.warn({ msg: 'could not prepare the next page', err: error }));
  }

  private discardSpare(): Promise<void> {
    const spare = this.spare;
    this.spare = undefined;
    return spare ? spare.then((session) => session.close(), ignore) : Promise.resolve();
  }

  private async createSession(pooled: PooledBrowser): Promise<PageSession> {
    pooled.pagesOpened += 1;
    pooled.inFlight += 1;
    if (pooled.pagesOpened >= this.config.EXTRACTOR_RECYCLE_AFTER_PAGES) this.retire(pooled);
    let context: BrowserContext | undefined;
    try {
      context = await pooled.browser.newContext(CONTEXT_OPTIONS);
      const page = await context.newPage();
      await page.addInitScript(installActivityProbe, SHORT_TIMER_MS);
      await blockFontsAndMedia(page);
      return new PageSession(page, context, pooled.browser, () => {
        this.release(pooled);
        this.prepareSpare();
      });
    } catch (error) {
      await context?.close().catch(ignore);
      this.release(pooled);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    await this.discardSpare();
    await this.launching?.catch(ignore);
    await Promise.all([...this.open].map((pooled) => pooled.browser.close().catch(ignore)));
    await this.proxy?.close();
  }

  private acquireBrowser(): Promise<PooledBrowser> {
    if (this.current?.browser.isConnected()) return Promise.resolve(this.current);
    this.launching ??= this.launch().finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  private async launch(): Promise<PooledBrowser> {
    if (!this.proxy) throw new Error('The guard proxy is not running.');
    const browser = await chromium.launch({
      executablePath: this.config.CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      proxy: { server: this.proxy.url },
      // Nest's shutdown hooks close the browser after in-flight jobs; Playwright must not kill it on the signal.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const pooled = new PooledBrowser(browser);
    this.open.add(pooled);
    browser.on('disconnected', () => this.onDisconnected(pooled));
    this.current = pooled;
    this.logger.log({ msg: 'browser launched', version: browser.version() });
    return pooled;
  }

  private onDisconnected(pooled: PooledBrowser): void {
    this.open.delete(pooled);
    if (pooled !== this.current || this.shuttingDown) return;
    this.current = undefined;
    this.logger.warn({ msg: 'browser disconnected unexpectedly; relaunching', pagesOpened: pooled.pagesOpened });
    this.restarts.inc({ reason: 'crashed' });
    this.relaunchInBackground();
  }

  private retire(pooled: PooledBrowser): void {
    pooled.retired = true;
    if (this.current === pooled) this.current = undefined;
    this.logger.log({ msg: 'browser retired after its page budget', pagesOpened: pooled.pagesOpened });
    this.restarts.inc({ reason: 'recycled' });
    this.relaunchInBackground();
  }

  private release(pooled: PooledBrowser): void {
    pooled.inFlight -= 1;
    if (pooled.retired && pooled.inFlight === 0) void pooled.browser.close().catch(ignore);
  }

  /** Keeps the worker ready between jobs; a failed launch is retried by the next openPage. */
  private relaunchInBackground(): void {
    this.acquireBrowser().catch((error: unknown) => this.logger.error({ msg: 'browser launch failed', err: error }));
  }
}
