import { DEFAULT_QUEUE_PREFIX } from '@pixtract/contracts';
import { safeFetchPolicy, SafeFetchPolicy } from '@pixtract/safe-fetch';
import { baseEnvShape, envFlag, envHost, envPort, envRedisUrl, loadConfig } from '@pixtract/service-kit';
import type { WorkerOptions } from 'bullmq';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { z } from 'zod';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** CHROMIUM_PATH, else the system's Chromium, else Playwright's own browser (ARCHITECTURE.md "Local infrastructure"). */
function defaultChromiumPath(): string {
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : chromium.executablePath();
}

/** What the browser visit does beyond loading and scrolling the window, each only where the page gives a reason. */
export const VISIT_BEHAVIOURS = ['reveal-clicks', 'busy-wait', 'inner-scroll', 'keyframes'] as const;
export type VisitBehaviour = (typeof VISIT_BEHAVIOURS)[number];

const positiveInt = (fallback: number, max: number) =>
  z.coerce.number({ error: 'expected a whole number' }).int().min(1).max(max).default(fallback);

/**
 * The worker's tuning table, each row overridable by env (novu's workers.ts habit). A lock shorter than a
 * page takes is renewed by BullMQ while the process lives; when the process dies the lock lapses and the
 * stalled check of another worker hands the job on (at most twice, then it fails).
 */
const workerSettingsShape = {
  EXTRACTOR_CONCURRENCY: positiveInt(2, 32),
  EXTRACTOR_JOB_TIMEOUT_MS: positiveInt(60_000, 600_000),
  EXTRACTOR_RECYCLE_AFTER_PAGES: positiveInt(100, 100_000),
  EXTRACTOR_LOCK_DURATION_MS: positiveInt(30_000, 600_000),
  EXTRACTOR_STALLED_INTERVAL_MS: positiveInt(30_000, 600_000),
  /**
   * SIGTERM: how long running jobs may take to finish before they are handed back to the queue. Past a job's
   * time limit (60 s) plus measuring; docker-compose.yml's stop_grace_period for the extractor is longer.
   */
  EXTRACTOR_SHUTDOWN_GRACE_MS: positiveInt(75_000, 600_000),
  /** Lazy and endless pages: scrolling stops at the first of these caps (docs/decisions/extractor.md). */
  EXTRACTOR_SCROLL_MAX_STEPS: positiveInt(60, 10_000),
  EXTRACTOR_SCROLL_MAX_HEIGHT_PX: positiveInt(60_000, 10_000_000),
  EXTRACTOR_SCROLL_MAX_MS: positiveInt(20_000, 600_000),
  /** Auto mode: how long the static read may take before the browser starts loading the page too (a slow site). */
  EXTRACTOR_BROWSER_HEAD_START_MS: positiveInt(1_000, 600_000),
  /** Images kept per page; the rest are cut with a warning. */
  EXTRACTOR_MAX_IMAGES: positiveInt(10_000, 1_000_000),
  /** Extra lazy-loading attributes, comma-separated (`data-my-src,data-hires-srcset`). */
  EXTRACTOR_LAZY_ATTRIBUTES: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => /^data-[a-z0-9-]+$/.test(name)),
    ),
  /**
   * How long after the load a page that still shows it is working (skeletons, aria-busy, spinners) is waited for;
   * a page without such signs is not waited for at all.
   */
  EXTRACTOR_BUSY_WAIT_MS: positiveInt(10_000, 600_000),
  /** Presses of controls that reveal content (consent walls, Load more) per page. */
  EXTRACTOR_REVEAL_MAX_CLICKS: positiveInt(30, 1_000),
  /**
   * Behaviours of the browser visit switched off, comma-separated (the bench's comparison, or a site they harm):
   * `reveal-clicks`, `busy-wait`, `inner-scroll`, `keyframes`.
   */
  EXTRACTOR_DISABLED_BEHAVIOURS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((name) => name.trim())
        .filter((name): name is VisitBehaviour => (VISIT_BEHAVIOURS as readonly string[]).includes(name)),
    ),
  /** Crawl politeness, across every worker (a Redis-held lease): crawl pages of one host read at once, and the gap between two. */
  CRAWL_HOST_MAX_IN_FLIGHT: positiveInt(2, 64),
  CRAWL_HOST_GAP_MS: positiveInt(250, 600_000),
  /** A page whose host keeps answering 429 or 503 is given up after this many backoffs. */
  CRAWL_MAX_BACKOFFS: positiveInt(6, 100),
  /**
   * Crawl pages render in a Chromium of their own started at this `nice` value (1–19, lower CPU priority), so a
   * visitor's page on the same cores is served first; 0: in the visitors' Chromium, at the same priority.
   */
  EXTRACTOR_CRAWL_NICENESS: z.coerce.number({ error: 'expected a whole number' }).int().min(0).max(19).default(10),
  SCREENSHOT_CONCURRENCY: positiveInt(1, 16),
  SCREENSHOT_MAX_HEIGHT_PX: positiveInt(10_000, 16_384),
  SCREENSHOT_JPEG_QUALITY: positiveInt(70, 100),
};

export const extractorConfigSchema = z.object({
  ...baseEnvShape,
  PORT: envPort(3002),
  /** Behind the gateway: loopback only unless a container's network is the boundary (HOST=0.0.0.0). */
  HOST: envHost('127.0.0.1'),
  REDIS_URL: envRedisUrl,
  QUEUE_PREFIX: z.string().min(1).default(DEFAULT_QUEUE_PREFIX),
  CHROMIUM_PATH: z.string().min(1).default(defaultChromiumPath),
  PIXTRACT_ALLOW_PRIVATE_NETWORKS: envFlag,
  ...workerSettingsShape,
});
export type ExtractorConfig = z.infer<typeof extractorConfigSchema>;

export const EXTRACTOR_CONFIG = Symbol('EXTRACTOR_CONFIG');
export const SAFE_FETCH_POLICY = Symbol('SAFE_FETCH_POLICY');

export function loadExtractorConfig(env: NodeJS.ProcessEnv = process.env): ExtractorConfig {
  return loadConfig('extractor', extractorConfigSchema, env);
}

/** Loading the page may use this share of the job's time limit: the rest is for scrolling, collecting, measuring. */
export const NAVIGATION_SHARE = 0.5;

/** How long a page may take to answer (its first byte): its loading's share of the time limit, 30 s by default. */
export const answerWithinMs = (config: ExtractorConfig): number =>
  Math.max(1, Math.round(config.EXTRACTOR_JOB_TIMEOUT_MS * NAVIGATION_SHARE));

/**
 * The validated flag is the one source: safe-fetch's own env reading is bypassed. A slow site's first byte is waited
 * for as long as the extraction's time limit allows a page to answer (not the library's 10 s), the static read and
 * the browser's guard proxy alike; the whole exchange may take the time limit.
 */
export function fetchPolicy(config: ExtractorConfig): SafeFetchPolicy {
  const defaults = safeFetchPolicy();
  return safeFetchPolicy({
    allowPrivateNetworks: config.PIXTRACT_ALLOW_PRIVATE_NETWORKS,
    timeouts: { ...defaults.timeouts, headersMs: answerWithinMs(config), totalMs: config.EXTRACTOR_JOB_TIMEOUT_MS },
  });
}

const MAX_STALLED_COUNT = 2;

export function extractionWorkerOptions(
  config: ExtractorConfig,
  concurrency = config.EXTRACTOR_CONCURRENCY,
): Pick<WorkerOptions, 'concurrency' | 'lockDuration' | 'stalledInterval' | 'maxStalledCount'> {
  return {
    concurrency,
    lockDuration: config.EXTRACTOR_LOCK_DURATION_MS,
    stalledInterval: config.EXTRACTOR_STALLED_INTERVAL_MS,
    maxStalledCount: MAX_STALLED_COUNT,
  };
}
