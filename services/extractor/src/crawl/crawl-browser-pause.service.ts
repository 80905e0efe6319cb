import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { BrowserPoolService } from '../browser/browser-pool.service';
import { VisitorPresence } from '@pixtract/service-kit';

/** How often a worker with a crawl browser looks whether a visitor's extraction runs on its machine. */
export const PRESENCE_POLL_MS = 50;
/** A pause ends after this long even while visitors keep coming, and the crawl then runs at least RUN_MS. */
export const MAX_PAUSE_MS = 10_000;
const RUN_MS = 2_000;

/**
 * Visitors first, in the browser too: while this machine serves a visitor's single extraction (VisitorPresence: from
 * the gateway's request until the result is stored), the worker's crawl Chromium is stopped — its pages in flight
 * wait, their time not counted (page-clock.ts) — and continued when the visitor is served. A lower CPU priority was not enough: the crawl's rendering still made a visitor's page take 2–3
 * times as long, and only stopping it brought that back to the idle time (docs/decisions/crawls.md). A pause lasts
 * MAX_PAUSE_MS at most, so a machine that never stops serving visitors still crawls.
 */
@Injectable()
export class CrawlBrowserPauseService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(CrawlBrowserPauseService.name);
  private timer?: NodeJS.Timeout;
  private looking = false;
  private pausedAt?: number;
  private runUntil = 0;

  constructor(
    private readonly browsers: BrowserPoolService,
    private readonly visitors: VisitorPresence,
  ) {}

  onModuleInit(): void {
    if (!this.browsers.pausableCrawl) return;
    this.timer = setInterval(() => void this.look(), PRESENCE_POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.browsers.pausableCrawl?.resume();
  }

  private async look(): Promise<void> {
    const crawl = this.browsers.pausableCrawl;
    if (this.looking || !crawl || (!crawl.paused && !crawl.isConnected())) return;
    this.looking = true;
    try {
      const now = Date.now();
      const visitor = now >= this.runUntil && (await this.visitors.running());
      if (visitor && !crawl.paused) {
        crawl.pause();
        this.pausedAt = now;
      } else if (crawl.paused && (!visitor || now - (this.pausedAt ?? now) >= MAX_PAUSE_MS)) {
        if (visitor) this.runUntil = now + RUN_MS;
        crawl.resume();
      }
    } catch (error) {
      // Redis out of reach: no visitor can be seen, so the crawl is not held.
      crawl.resume();
      this.logger.warn({ msg: 'visitor presence unknown: crawl browser continued', err: error });
    } finally {
      this.looking = false;
    }
  }
}
