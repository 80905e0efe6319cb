import { Logger } from '@nestjs/common';
import { Browser, BrowserContext, BrowserContextOptions, chromium, Page } from 'playwright-core';
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
export class PageSession {
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

/** How one lane's Chromium is started and kept. */
export interface BrowserLaneOptions {
  /** The lane's name in logs and metrics. */
  name: string;
  executablePath: string;
  proxyUrl: string;
  recycleAfterPages: number;
  /**
   * Prepare the next page while none is loading (the visitor's lane: a page starts sooner). Without it the lane's
   * browser closes once it has had no page for `idleCloseMs` (the crawl's lane: no Chromium kept for nothing).
   */
  spare: boolean;
  idleCloseMs?: number;
  /** A browser was replaced: `crashed` or `recycled`. */
  onRestart: (reason: 'crashed' | 'recycled') => void;
}

/**
 * One Chromium of the worker process, every request of its pages sent through the SSRF guard proxy. Each job gets
 * a fresh context. The browser is relaunched when it dies and replaced after a number of pages (Chromium's memory
 * grows with use); a replaced browser closes once its last in-flight page is done.
 */
export class BrowserLane {
  private readonly logger: Logger;
  private readonly open = new Set<PooledBrowser>();
  private current?: PooledBrowser;
  private spare?: Promise<PageSession>;
  private launching?: Promise<PooledBrowser>;
  private idleTimer?: NodeJS.Timeout;
  private shuttingDown = false;

  constructor(private readonly options: BrowserLaneOptions) {
    this.logger = new Logger(`BrowserLane:${options.name}`);
  }

  /** Launches the browser now and prepares the first page (the visitor's lane, at start-up). */
  async warm(): Promise<void> {
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
    clearTimeout(this.idleTimer);
    const prepared = await this.takeSpare();
    return prepared ?? (await this.createSession(await this.acquireBrowser()));
  }

  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    clearTimeout(this.idleTimer);
    await this.discardSpare();
    await this.launching?.catch(ignore);
    await Promise.all([...this.open].map((pooled) => pooled.browser.close().catch(ignore)));
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
    if (!this.options.spare || this.shuttingDown || this.spare) return;
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
    if (pooled.pagesOpened >= this.options.recycleAfterPages) this.retire(pooled);
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

  private acquireBrowser(): Promise<PooledBrowser> {
    if (this.current?.browser.isConnected()) return Promise.resolve(this.current);
    this.launching ??= this.launch().finally(() => {
      this.launching = undefined;
    });
    return this.launching;
  }

  private async launch(): Promise<PooledBrowser> {
    const browser = await chromium.launch({
      executablePath: this.options.executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      proxy: { server: this.options.proxyUrl },
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
    this.logger.warn({ msg: 'browser disconnected unexpectedly', pagesOpened: pooled.pagesOpened });
    this.options.onRestart('crashed');
    if (this.options.spare) this.relaunchInBackground();
  }

  private retire(pooled: PooledBrowser): void {
    pooled.retired = true;
    if (this.current === pooled) this.current = undefined;
    this.logger.log({ msg: 'browser retired after its page budget', pagesOpened: pooled.pagesOpened });
    this.options.onRestart('recycled');
    if (this.options.spare) this.relaunchInBackground();
  }

  private release(pooled: PooledBrowser): void {
    pooled.inFlight -= 1;
    if (pooled.retired && pooled.inFlight === 0) void pooled.browser.close().catch(ignore);
    else if (pooled === this.current && pooled.inFlight === 0 && this.options.idleCloseMs !== undefined) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.closeIdle(pooled), this.options.idleCloseMs);
      this.idleTimer.unref();
    }
  }

  private closeIdle(pooled: PooledBrowser): void {
    if (pooled !== this.current || pooled.inFlight > 0 || this.shuttingDown) return;
    this.current = undefined;
    this.logger.log({ msg: 'idle browser closed', pagesOpened: pooled.pagesOpened });
    void pooled.browser.close().catch(ignore);
  }

  /** Keeps the lane ready between jobs; a failed launch is retried by the next openPage. */
  private relaunchInBackground(): void {
    this.acquireBrowser().catch((error: unknown) => this.logger.error({ msg: 'browser launch failed', err: error }));
  }
}
