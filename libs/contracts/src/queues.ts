import { z } from 'zod';
import { crawlScopeSchema } from './crawl';
import {
  extractedFileSchema,
  extractionModeSchema,
  extractionNoticesSchema,
  extractionProgressSchema,
  performanceInfoSchema,
} from './extraction';

/**
 * Queue names are part of the wire contract with jobs already in Redis: renaming one strands every
 * job in flight. Add new names; never rename.
 */
export const QueueName = {
  Extraction: 'extraction',
  /** A crawl's pages: a queue of their own, so a worker keeps a slot free for single extractions. */
  CrawlPage: 'crawl-page',
  Screenshot: 'screenshot',
  AccountEvents: 'account-events',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  Extract: 'extract',
  Screenshot: 'screenshot',
  /** Billing → auth on QueueName.AccountEvents (payload: accountChangedSchema in billing.ts). */
  AccountChanged: 'account-changed',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

/** The job names each queue carries: its worker must have a handler for every one (checked when it starts). */
export const QUEUE_JOBS: Record<QueueName, readonly JobName[]> = {
  [QueueName.Extraction]: [JobName.Extract],
  [QueueName.CrawlPage]: [JobName.Extract],
  [QueueName.Screenshot]: [JobName.Screenshot],
  [QueueName.AccountEvents]: [JobName.AccountChanged],
};

/**
 * A crawl's page on the crawl-page queue (its job id and `extractionId` are the page's id): which crawl, how it
 * discovers further pages, and the site it stays on.
 */
export const crawlPageJobSchema = z.object({
  crawlId: z.string(),
  scope: crawlScopeSchema,
  /** Links followed from a start page to this one. */
  depth: z.number().int().nonnegative(),
  /** Whether the worker reports the page's links: the scope follows links from pages at this depth. */
  discover: z.boolean(),
  /** Whether the worker also reads the site's sitemap.xml (the `site` scope's start page). */
  sitemap: z.boolean().optional(),
});
export type CrawlPageJob = z.infer<typeof crawlPageJobSchema>;

export const extractJobPayloadSchema = z.object({
  extractionId: z.string(),
  url: z.string(),
  mode: extractionModeSchema.default('auto'),
  fileTypes: z.array(z.string()).optional(),
  /** Most images the caller can be granted (remaining quota, plan cap): the live preview shows no more. */
  previewLimit: z.number().int().nonnegative().optional(),
  /** Correlation id of the HTTP request that queued the job; the worker logs with it. */
  requestId: z.string().optional(),
  /** Set when the job is a page of a crawl. */
  crawl: crawlPageJobSchema.optional(),
});
export type ExtractJobPayload = z.infer<typeof extractJobPayloadSchema>;

/** A crawl page's job progress: the extraction's, with the crawl and the worker reading the page. */
export const crawlPageProgressSchema = extractionProgressSchema.extend({
  crawlId: z.string(),
  worker: z.string(),
  /** The host answered 429 or 503: the page waits for the host's backoff (the crawl warns that it slowed down). */
  backoff: z.object({ status: z.number().int(), retryAfterSeconds: z.number().nonnegative().optional() }).optional(),
});
export type CrawlPageProgress = z.infer<typeof crawlPageProgressSchema>;

/** A same-site address a crawl page leads to, and why the worker reports it. */
export const crawlLinkSchema = z.object({
  url: z.string(),
  /** link: an <a href>; next: the gallery's next page; sitemap: listed in the site's sitemap.xml. */
  via: z.enum(['link', 'next', 'sitemap']),
});
export type CrawlLink = z.infer<typeof crawlLinkSchema>;

/** What a worker saw on a crawl page besides its images (the gateway decides which links become pages). */
export const crawlPageFindingsSchema = z.object({
  crawlId: z.string(),
  /** Which worker read it (host name and process id). */
  worker: z.string(),
  /** robots.txt disallows the page for Pixtract: it was not fetched. */
  disallowed: z.boolean().optional(),
  /** The page moved to another site (HTTP redirect, meta refresh, script): where it landed. Nothing of it is kept. */
  movedTo: z.string().optional(),
  /** The crawl had ended (stopped, limited) before a worker could fetch the page: it was not fetched. */
  ended: z.boolean().optional(),
  /** The page's `<link rel=canonical>` on the same site, when it names another address. */
  canonicalUrl: z.string().optional(),
  /** Same-site http(s) links the scope follows, robots.txt-allowed, fragments dropped, in page order. */
  links: z.array(crawlLinkSchema),
  /** Links the page's robots.txt disallowed (counted for the crawl's warning, not followed). */
  disallowedLinks: z.number().int().nonnegative(),
  /** Thumbnails that link to a same-site HTML page (a photo page): the image's address and the page's. */
  photoLinks: z.array(z.object({ imageUrl: z.string(), pageUrl: z.string() })),
  /** The host's robots.txt Crawl-delay in seconds, when it sets one. */
  crawlDelaySeconds: z.number().nonnegative().optional(),
  /** The host answered 429 or 503: it is backed off, and the page read again later. */
  backoff: z.object({ status: z.number().int(), retryAfterSeconds: z.number().nonnegative().optional() }).optional(),
});
export type CrawlPageFindings = z.infer<typeof crawlPageFindingsSchema>;

/**
 * Set by the gateway when a crawl stops or hits its limit, read by workers before they fetch one of its pages: a page
 * a worker already held (waiting for robots.txt or its host) cannot be taken off the queue, and is left unread.
 */
export const crawlEndedKey = (queuePrefix: string, crawlId: string): string => `${queuePrefix}:crawl:${crawlId}:ended`;

/** `error` is a page-level failure the user should read (host not found, timeout); the job itself succeeded. */
export const extractJobResultSchema = extractionNoticesSchema.extend({
  files: z.array(extractedFileSchema),
  sourceUrl: z.string(),
  performanceInfo: performanceInfoSchema,
  totalImagesFound: z.number().int().nonnegative(),
  /** A crawl page's findings (set when the job is one). */
  crawl: crawlPageFindingsSchema.optional(),
});
export type ExtractJobResult = z.infer<typeof extractJobResultSchema>;

/** Redis key prefix shared by every BullMQ queue and worker (overridable for isolated tests). */
export const DEFAULT_QUEUE_PREFIX = 'pixtract';
