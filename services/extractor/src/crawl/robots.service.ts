import { Inject, Injectable, Logger } from '@nestjs/common';
import { safeFetch, SafeFetchPolicy } from '@pixtract/safe-fetch';
import { REDIS } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import robotsParser from 'robots-parser';
import { EXTRACTOR_CONFIG, ExtractorConfig } from '../extractor.config';
import { readCapped } from '../extraction/static-read/read-capped.util';
import { CRAWL_FETCH_POLICY, ROBOTS_TOKEN } from './crawler-identity';

/** How long a host's robots.txt is trusted (RFC 9309 asks for at most a day), and a failed read's answer. */
const ROBOTS_TTL_S = 3600;
const UNAVAILABLE_TTL_S = 60;
const MAX_ROBOTS_BYTES = 512 * 1024;
/** A Crawl-delay above this is read as this (a site asking for hours between pages would never be crawled). */
const MAX_CRAWL_DELAY_S = 60;

export interface RobotsRules {
  allows(url: string): boolean;
  /** Seconds between pages the host asks Pixtract for (0 when it asks nothing). */
  crawlDelaySeconds: number;
  sitemaps: string[];
}

interface StoredRobots {
  /** allow: no usable file (404, unreachable); deny: 5xx (RFC 9309: assume complete disallow); rules: the file. */
  kind: 'allow' | 'deny' | 'rules';
  text?: string;
}

/**
 * robots.txt of a page's origin for Pixtract's user agent, read through the SSRF-safe path and kept in Redis for
 * an hour, so every worker on every machine reads a host's file once per hour, not once per page.
 */
@Injectable()
export class RobotsService {
  private readonly logger = new Logger(RobotsService.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CRAWL_FETCH_POLICY) private readonly policy: SafeFetchPolicy,
    @Inject(EXTRACTOR_CONFIG) private readonly config: ExtractorConfig,
  ) {}

  async rulesFor(pageUrl: string): Promise<RobotsRules> {
    const robotsUrl = new URL('/robots.txt', pageUrl).href;
    const key = `${this.config.QUEUE_PREFIX}:crawl:robots:${new URL(pageUrl).origin}`;
    const cached = await this.redis.get(key);
    let stored: StoredRobots;
    if (cached) stored = JSON.parse(cached) as StoredRobots;
    else {
      stored = await this.read(robotsUrl);
      await this.redis.set(
        key,
        JSON.stringify(stored),
        'EX',
        stored.kind === 'deny' ? UNAVAILABLE_TTL_S : ROBOTS_TTL_S,
      );
    }
    if (stored.kind !== 'rules') return { allows: () => stored.kind === 'allow', crawlDelaySeconds: 0, sitemaps: [] };
    const robots = robotsParser(robotsUrl, stored.text ?? '');
    return {
      allows: (url) => robots.isAllowed(url, ROBOTS_TOKEN) !== false,
      crawlDelaySeconds: Math.min(MAX_CRAWL_DELAY_S, Math.max(0, robots.getCrawlDelay(ROBOTS_TOKEN) ?? 0)),
      sitemaps: robots.getSitemaps(),
    };
  }

  private async read(robotsUrl: string): Promise<StoredRobots> {
    try {
      const response = await safeFetch(robotsUrl, {
        policy: this.policy,
        signal: AbortSignal.timeout(10_000),
        headers: { accept: 'text/plain,*/*;q=0.5' },
      });
      if (response.status >= 500) {
        response.body.destroy();
        return { kind: 'deny' };
      }
      if (response.status >= 400) {
        response.body.destroy();
        return { kind: 'allow' };
      }
      return { kind: 'rules', text: (await readCapped(response.body, MAX_ROBOTS_BYTES)).toString('utf8') };
    } catch (error) {
      this.logger.debug({ msg: 'robots.txt not read; the host is crawled without rules', robotsUrl, err: error });
      return { kind: 'allow' };
    }
  }
}
