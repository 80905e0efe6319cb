import { Inject, Injectable } from '@nestjs/common';
import { REDIS } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { EXTRACTOR_CONFIG, ExtractorConfig } from '../extractor.config';
import { LUA_NOW_MS } from './redis-clock';

/** A single extraction counts as running this long after it started or last said so; it says so every third. */
const PRESENCE_MS = 30_000;

/** Single extractions running on this machine, on Redis's clock: members lapse at their score. KEYS: running. */
const RUNNING = `${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;

/** Marks one extraction running until its score. KEYS: running. ARGV: token, presenceMs. */
const MARK = `${LUA_NOW_MS}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return 0`;

/**
 * Which single extractions (a visitor's page) run on this machine now, across its worker processes: a crawl page
 * does not start while one does (CrawlPageService), so the visitor's page has the cores the crawl would take —
 * the Node side of a crawl page (reading, probing, analysing) runs at normal priority, unlike the crawl's
 * Chromium. Keyed by host name: processes on one machine share its cores, other machines' do not.
 */
@Injectable()
export class VisitorPresenceService {
  private readonly key: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EXTRACTOR_CONFIG) config: ExtractorConfig,
  ) {
    this.key = `${config.QUEUE_PREFIX}:visitors:${hostname()}`;
  }

  /** Runs a single extraction, marked as running on this machine while it does. */
  async during<T>(extraction: () => Promise<T>): Promise<T> {
    const token = randomUUID();
    const mark = () => this.redis.eval(MARK, 1, this.key, token, PRESENCE_MS).catch(() => undefined);
    await mark();
    const renewal = setInterval(() => void mark(), PRESENCE_MS / 3);
    try {
      return await extraction();
    } finally {
      clearInterval(renewal);
      await this.redis.zrem(this.key, token).catch(() => undefined);
    }
  }

  /** A single extraction runs on this machine now. */
  async running(): Promise<boolean> {
    return Number(await this.redis.eval(RUNNING, 1, this.key)) > 0;
  }
}
