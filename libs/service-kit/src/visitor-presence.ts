import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { LUA_NOW_MS } from './redis-clock';

/** A mark counts this long after it was set or last renewed (`during` renews every third). */
const PRESENCE_MS = 30_000;
/** How often a wait for visitors to be served looks again. */
const LOOK_MS = 50;

/** Visitors' extractions marked on this machine, on Redis's clock: members lapse at their score. KEYS: marks. */
const RUNNING = `${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;

/** Marks one visitor's extraction until its score. KEYS: marks. ARGV: token, presenceMs. */
const MARK = `${LUA_NOW_MS}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return 0`;

/**
 * Which visitors' single extractions this machine is serving now, across its processes: the gateway marks one from
 * its request until its result is stored, the worker while it reads the page. A crawl yields to them on the same
 * machine — its pages wait to start and its Chromium is paused — because both share the machine's cores: the crawl's
 * rendering slowed a visitor's page, and the gateway's answers to that visitor, 2–3 times (docs/decisions/crawls.md).
 * Keyed by host name: other machines' cores are not shared. A mark lapses after PRESENCE_MS, so a process killed
 * mid-extraction holds its machine's crawls that long at most.
 */
export class VisitorPresence {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    queuePrefix: string,
  ) {
    this.key = `${queuePrefix}:visitors:${hostname()}`;
  }

  /** Marks a visitor's extraction (`token`: its id) as served on this machine. */
  async mark(token: string): Promise<void> {
    await this.redis.eval(MARK, 1, this.key, token, PRESENCE_MS).catch(() => undefined);
  }

  /** Its mark on this machine is taken off (a mark this machine did not set: nothing happens). */
  async unmark(token: string): Promise<void> {
    await this.redis.zrem(this.key, token).catch(() => undefined);
  }

  /** Runs `work` marked for its whole length, renewed while it runs. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    const token = randomUUID();
    await this.mark(token);
    const renewal = setInterval(() => void this.mark(token), PRESENCE_MS / 3);
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.unmark(token);
    }
  }

  /** A visitor's extraction is being served on this machine now. */
  async running(): Promise<boolean> {
    return Number(await this.redis.eval(RUNNING, 1, this.key)) > 0;
  }

  /**
   * Resolves once this machine serves no visitor, or after `maxWaitMs` whatever it serves: crawl work that yields
   * to visitors, yet moves on on a machine that never stops serving them.
   */
  async served(maxWaitMs: number): Promise<void> {
    const until = Date.now() + maxWaitMs;
    while (Date.now() < until && (await this.running())) await new Promise((resolve) => setTimeout(resolve, LOOK_MS));
  }
}
