import { Injectable } from '@nestjs/common';

/**
 * Crawl queue events (and the sweep's catching up with them) this replica handles at once. Each holds database connections, and a crawl's page finishes take
 * turns on the crawl's row lock: unbounded, a crawl on four workers had nine of the pool's ten connections waiting
 * on that lock, and a visitor's single extraction waited seconds for one (`npm run bench -- crawl`). Two keep one
 * page finishing and the next one ready.
 */
export const CRAWL_EVENTS_AT_ONCE = 2;

/** Runs crawl event work at most CRAWL_EVENTS_AT_ONCE at a time, in arrival order. */
@Injectable()
export class CrawlEventSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < CRAWL_EVENTS_AT_ONCE) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` only drops when no one waits.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
