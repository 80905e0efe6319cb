import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { HostGate } from '@pixtract/safe-fetch';
import { LUA_NOW_MS, REDIS, RENEW_HELD } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { EXTRACTOR_CONFIG, ExtractorConfig } from '../extractor.config';

/**
 * Takes a slot for one request to a host, atomically, on Redis's clock: answers 0 (taken) or the milliseconds until
 * the oldest slot lapses. A slot lapses at its expiry unless renewed, so a worker killed mid-request blocks it for
 * SLOT_MS at most. KEYS: slots (sorted set token → expiry). ARGV: token, max, slotMs.
 */
const TAKE = `${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(first[2]) - now)
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
return 0`;

/** A slot lapses this long after it was taken or renewed; a request still running renews it every third of that. */
export const SLOT_MS = 10_000;
/** A full host is asked again after at most this long (a slot another worker frees is seen no later). */
const RETRY_MAX_MS = 25;

interface Waiter {
  resolve: (leave: () => void) => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** One host's queue in this process: one waiter at a time asks Redis, so a page's 24 probes do not poll 24 times. */
class HostQueue {
  readonly waiters: Waiter[] = [];
  pumping = false;
  wake?: () => void;
}

/**
 * The crawl's politeness per request: at most CRAWL_HOST_MAX_IN_FLIGHT requests in flight to one host, counted in
 * Redis across every worker on every machine — pages, stylesheets, image probes, robots.txt and everything the
 * browser loads for a crawl page (docs/decisions/crawls.md). The page lease (HostLeaseService) spaces pages; this
 * bounds what each page's requests add.
 */
@Injectable()
export class HostRequestGate implements HostGate, OnApplicationShutdown {
  private readonly queues = new Map<string, HostQueue>();
  private readonly renewals = new Set<NodeJS.Timeout>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(EXTRACTOR_CONFIG) private readonly config: ExtractorConfig,
  ) {}

  enter(host: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    let queue = this.queues.get(host);
    if (!queue) this.queues.set(host, (queue = new HostQueue()));
    const hostQueue = queue;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const at = hostQueue.waiters.indexOf(waiter);
          if (at >= 0) hostQueue.waiters.splice(at, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      hostQueue.waiters.push(waiter);
      void this.pump(host, hostQueue);
    });
  }

  onApplicationShutdown(): void {
    for (const renewal of this.renewals) clearInterval(renewal);
  }

  /** Hands slots to this host's waiters, first come first served, until none is left waiting. */
  private async pump(host: string, queue: HostQueue): Promise<void> {
    if (queue.pumping) return;
    queue.pumping = true;
    try {
      while (queue.waiters.length > 0) {
        const token = randomUUID();
        const wait = await this.take(host, token).catch(() => RETRY_MAX_MS);
        const waiter = queue.waiters.shift();
        if (wait === 0) {
          if (!waiter) await this.give(host, token);
          else this.admit(host, token, waiter, queue);
          continue;
        }
        if (waiter) queue.waiters.unshift(waiter);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(wait, RETRY_MAX_MS));
          queue.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        queue.wake = undefined;
      }
    } finally {
      queue.pumping = false;
      if (queue.waiters.length === 0) this.queues.delete(host);
      else void this.pump(host, queue);
    }
  }

  private admit(host: string, token: string, waiter: Waiter, queue: HostQueue): void {
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
    const renewal = setInterval(() => void this.renew(host, token), SLOT_MS / 3);
    this.renewals.add(renewal);
    let left = false;
    waiter.resolve(() => {
      if (left) return;
      left = true;
      clearInterval(renewal);
      this.renewals.delete(renewal);
      void this.give(host, token).finally(() => (this.queues.get(host) ?? queue).wake?.());
    });
  }

  private async take(host: string, token: string): Promise<number> {
    const max = this.config.CRAWL_HOST_MAX_IN_FLIGHT;
    return Number(await this.redis.eval(TAKE, 1, this.key(host), token, max, SLOT_MS));
  }

  private async renew(host: string, token: string): Promise<void> {
    await this.redis.eval(RENEW_HELD, 1, this.key(host), token, SLOT_MS).catch(() => undefined);
  }

  private async give(host: string, token: string): Promise<void> {
    await this.redis.zrem(this.key(host), token).catch(() => undefined);
  }

  private key(host: string): string {
    return `${this.config.QUEUE_PREFIX}:crawl:host:${host}:requests`;
  }
}
