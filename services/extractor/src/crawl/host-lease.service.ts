import { Inject, Injectable } from '@nestjs/common';
import { LUA_NOW_MS, REDIS, RENEW_HELD } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { EXTRACTOR_CONFIG, ExtractorConfig } from '../extractor.config';

/**
 * Takes a lease on a host, atomically, on Redis's clock (workers on several machines need not agree on the time).
 * Refused (answering the milliseconds to wait) while the host is backed off, while the gap since the last page taken
 * from it has not passed, or while `max` leases are out. A lease lapses at its expiry unless renewed, so a worker
 * killed with SIGKILL blocks its slot only for LEASE_MS.
 * KEYS: leases (sorted set token → expiry), state (hash: nextAt, backoffUntil). ARGV: token, max, leaseMs, gapMs.
 */
const ACQUIRE = `${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local backoff = tonumber(redis.call('HGET', KEYS[2], 'backoffUntil') or '0')
if backoff > now then return backoff - now end
local nextAt = tonumber(redis.call('HGET', KEYS[2], 'nextAt') or '0')
if nextAt > now then return nextAt - now end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, math.min(tonumber(first[2]) - now, tonumber(ARGV[4]) + 100))
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('HSET', KEYS[2], 'nextAt', now + tonumber(ARGV[4]))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
redis.call('PEXPIRE', KEYS[2], 3600000)
return 0`;

/**
 * Gives a lease back; with ARGV gapMs above 0 the next page of the host waits that long from now, so a Crawl-delay
 * holds between two pages' requests however long a page took to start its request. KEYS: leases, state. ARGV:
 * token, gapMs.
 */
const RELEASE = `
redis.call('ZREM', KEYS[1], ARGV[1])
local gap = tonumber(ARGV[2])
if gap > 0 then${LUA_NOW_MS}
  local nextAt = tonumber(redis.call('HGET', KEYS[2], 'nextAt') or '0')
  redis.call('HSET', KEYS[2], 'nextAt', math.max(nextAt, now + gap))
  redis.call('PEXPIRE', KEYS[2], 3600000)
end
return 0`;

/**
 * Backs a host off: its Retry-After when it gave one, else twice the last backoff (from BACKOFF_START_MS), capped at
 * BACKOFF_MAX_MS. Answers the milliseconds. ARGV: retryAfterMs (or -1), startMs, maxMs.
 */
const BACK_OFF = `${LUA_NOW_MS}
local wait = tonumber(ARGV[1])
if wait < 0 then
  local last = tonumber(redis.call('HGET', KEYS[1], 'lastBackoff') or '0')
  wait = last > 0 and last * 2 or tonumber(ARGV[2])
end
wait = math.min(wait, tonumber(ARGV[3]))
redis.call('HSET', KEYS[1], 'backoffUntil', now + wait, 'lastBackoff', wait)
redis.call('PEXPIRE', KEYS[1], 3600000)
return wait`;

/** A lease lapses this long after it was taken or last renewed; a running page renews it every third of that. */
const LEASE_MS = 30_000;
export const BACKOFF_START_MS = 2_000;
export const BACKOFF_MAX_MS = 120_000;

export interface HostLease {
  release(): Promise<void>;
}

/**
 * The politeness limit every worker on every machine keeps: at most `CRAWL_HOST_MAX_IN_FLIGHT` crawl pages of one
 * host read at once and `CRAWL_HOST_GAP_MS` between two pages taken from it; a host whose robots.txt sets a
 * Crawl-delay is read one page at a time, the delay counted from the end of the last page (the site asked for that
 * much quiet between requests); a backed-off host is left alone until its time has passed. Held in Redis, so it
 * holds across processes and machines.
 */
@Injectable()
export class HostLeaseService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EXTRACTOR_CONFIG) private readonly config: ExtractorConfig,
  ) {}

  /** A lease on `host`, or the milliseconds to wait before asking again. */
  async acquire(host: string, crawlDelaySeconds: number): Promise<HostLease | number> {
    const token = randomUUID();
    const crawlDelayMs = Math.round(crawlDelaySeconds * 1000);
    const gapMs = Math.max(this.config.CRAWL_HOST_GAP_MS, crawlDelayMs);
    const [leases, state] = [this.key(host, 'leases'), this.key(host, 'state')];
    const maxInFlight = crawlDelayMs > 0 ? 1 : this.config.CRAWL_HOST_MAX_IN_FLIGHT;
    const wait = Number(await this.redis.eval(ACQUIRE, 2, leases, state, token, maxInFlight, LEASE_MS, gapMs));
    if (wait > 0) return wait;
    const renewal = setInterval(
      () => void this.redis.eval(RENEW_HELD, 1, leases, token, LEASE_MS).catch(() => undefined),
      LEASE_MS / 3,
    );
    return {
      release: async () => {
        clearInterval(renewal);
        await this.redis.eval(RELEASE, 2, leases, state, token, crawlDelayMs);
      },
    };
  }

  /**
   * A lease on `host`, waiting here while the host answers to ask again within `maxWaitMs` of the first ask (its gap
   * between pages, a lease about to come back); else the milliseconds left to wait.
   */
  async acquireWithin(host: string, crawlDelaySeconds: number, maxWaitMs: number): Promise<HostLease | number> {
    const until = Date.now() + maxWaitMs;
    for (;;) {
      const answer = await this.acquire(host, crawlDelaySeconds);
      if (typeof answer !== 'number' || Date.now() + answer > until) return answer;
      await sleep(answer);
    }
  }

  /** Backs `host` off (see BACK_OFF); answers for how long. */
  async backOff(host: string, retryAfterSeconds?: number): Promise<number> {
    const retryAfterMs = retryAfterSeconds === undefined ? -1 : Math.round(retryAfterSeconds * 1000);
    return Number(
      await this.redis.eval(BACK_OFF, 1, this.key(host, 'state'), retryAfterMs, BACKOFF_START_MS, BACKOFF_MAX_MS),
    );
  }

  /** The host answered normally again: the next backoff starts from the beginning. */
  async recovered(host: string): Promise<void> {
    await this.redis.hdel(this.key(host, 'state'), 'lastBackoff');
  }

  private key(host: string, part: string): string {
    return `${this.config.QUEUE_PREFIX}:crawl:host:${host}:${part}`;
  }
}
