import { Logger } from '@nestjs/common';
import { Browser, BrowserContext, BrowserContextOptions, chromium, Page } from 'playwright-core';
import { installActivityProbe, SHORT_TIMER_MS } from './activity-probe';
import { countPauses } from './page-clock';
import { continueWhenWorkerDies, signalGroup } from './process-group';
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

  constructor(
    readonly browser: Browser,
    /** The leader of its process group, where the lane can pause it. */
    readonly pid?: number,
  ) {}
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
   * The lane's browser closes once no page has been handed out for this long, its prepared page with it (the
   * crawl's lane: no Chromium kept for nothing). Without it the browser is kept, and relaunched when it dies (the
   * visitor's lane).
   */
  idleCloseMs?: number;
  /** A browser was replaced: `crashed` or `recycled`. */
  onRestart: (reason: 'crashed' | 'recycled') => void;
  /**
   * The process id of the browser just launched (niced-executable.ts): the lane can then be paused — its browsers
   * stopped, pages and all, and continued — and its pages' time (page-clock.ts) leaves the pauses out.
   */
  launchedPid?: () => Promise<number | undefined>;
}

/**
 * One Chromium of the worker process, every request of its pages sent through the SSRF guard proxy. Each job gets
 * a fresh context, prepared while no page was loading. The browser is replaced after a number of pages (Chromium's
 * memory grows with use); a replaced browser closes once its last in-flight page is done.
 */
export class BrowserLane {
  private readonly logger: Logger;
  private readonly open = new Set<PooledBrowser>();
  private current?: PooledBrowser;
  private spare?: Promise<PageSession>;
  /** Pages given to jobs and not closed yet (a prepared page is not one). */
  private readonly handedOut = new Set<PageSession>();
  private launching?: Promise<PooledBrowser>;
  private idleTimer?: NodeJS.Timeout;
  private shuttingDown = false;
  private pausedSince?: number;
  /** The length of the lane's pauses that have ended. */
  private pausedBefore = 0;

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
    const session = prepared ?? (await this.createSession(await this.acquireBrowser()));
    this.handedOut.add(session);
    if (this.options.launchedPid) {
      const pausedAtStart = this.pausedMs();
      countPauses(session.page, () => this.pausedMs() - pausedAtStart);
    }
    return session;
  }

  /** The lane can be paused (its browser's process id is known). */
  get pausable(): boolean {
    return this.options.launchedPid !== undefined;
  }

  get paused(): boolean {
    return this.pausedSince !== undefined;
  }

  /**
   * Stops the lane's browsers, every process of theirs, until resume(): their pages neither render nor load, and
   * take no CPU, memory bandwidth or cache from other browsers. A browser launched meanwhile is stopped too.
   */
  pause(): void {
    if (!this.pausable || this.paused || this.shuttingDown) return;
    this.pausedSince = Date.now();
    for (const pooled of this.open) if (pooled.pid) signalGroup(pooled.pid, 'SIGSTOP');
  }

  resume(): void {
    if (this.pausedSince === undefined) return;
    for (const pooled of this.open) if (pooled.pid) signalGroup(pooled.pid, 'SIGCONT');
    this.pausedBefore += Date.now() - this.pausedSince;
    this.pausedSince = undefined;
  }

  /** The length of all the lane's pauses so far, the one going on included. */
  private pausedMs(): number {
    return this.pausedBefore + (this.pausedSince === undefined ? 0 : Date.now() - this.pausedSince);
  }

  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    // A stopped browser would not close.
    this.resume();
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
    if (pooled.pagesOpened >= this.options.recycleAfterPages) this.retire(pooled);
    let context: BrowserContext | undefined;
    try {
      context = await pooled.browser.newContext(CONTEXT_OPTIONS);
      const page = await context.newPage();
      await page.addInitScript(installActivityProbe, SHORT_TIMER_MS);
      await blockFontsAndMedia(page);
      const session: PageSession = new PageSession(page, context, pooled.browser, () => {
        // A job's page closing makes room for the next; a prepared page discarded does not call for another.
        const wasHandedOut = this.handedOut.delete(session);
        this.release(pooled);
        if (wasHandedOut) this.prepareSpare();
      });
      return session;
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
    const pid = await this.options.launchedPid?.();
    const pooled = new PooledBrowser(browser, pid);
    if (pid) {
      continueWhenWorkerDies(pid);
      if (this.paused) signalGroup(pid, 'SIGSTOP');
    }
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
    if (this.options.idleCloseMs === undefined) this.relaunchInBackground();
  }

  private retire(pooled: PooledBrowser): void {
    pooled.retired = true;
    if (this.current === pooled) this.current = undefined;
    this.logger.log({ msg: 'browser retired after its page budget', pagesOpened: pooled.pagesOpened });
    this.options.onRestart('recycled');
    if (this.options.idleCloseMs === undefined) this.relaunchInBackground();
  }

  private release(pooled: PooledBrowser): void {
    pooled.inFlight -= 1;
    if (pooled.retired && pooled.inFlight === 0) void pooled.browser.close().catch(ignore);
    if (this.handedOut.size === 0 && this.options.idleCloseMs !== undefined) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.closeIdle(), this.options.idleCloseMs);
      this.idleTimer.unref();
    }
  }

  private closeIdle(): void {
    const pooled = this.current;
    if (!pooled || this.handedOut.size > 0 || this.shuttingDown) return;
    this.current = undefined;
    this.logger.log({ msg: 'idle browser closed', pagesOpened: pooled.pagesOpened });
    void this.discardSpare().then(() => pooled.browser.close().catch(ignore));
  }

  /** Keeps the lane ready between jobs; a failed launch is retried by the next openPage. */
  private relaunchInBackground(): void {
    this.acquireBrowser().catch((error: unknown) => this.logger.error({ msg: 'browser launch failed', err: error }));
  }
}
