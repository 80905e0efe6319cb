import { z } from 'zod';
import { extractedFileSchema, extractionModeSchema } from './extraction';
import { MAX_URL_LENGTH } from './extraction-url';
import { downloadImagesRequestSchema, formJson, MAX_ARCHIVE_IMAGES } from './media';
import { limitsSchema, type Role } from './plans';

/**
 * What a crawl reads beyond its first page. `links`: the page and the same-site pages it links to (one level);
 * `gallery`: the page and its next pages (rel=next, a "Next" link, ?page=N and /page/N/); `site`: the whole site,
 * breadth first from the page and its sitemap.xml; `list`: the addresses given, no more. (*This page* alone is an
 * extraction, POST /api/extractions.)
 */
export const crawlScopeSchema = z.enum(['links', 'gallery', 'site', 'list']);
export type CrawlScope = z.infer<typeof crawlScopeSchema>;

/** The plans that set how many pages one crawl may read: the roles below premium, and premium's three tiers. */
export const crawlPlanSchema = z.enum(['free', 'registered', 'hobby', 'startup', 'enterprise']);
export type CrawlPlan = z.infer<typeof crawlPlanSchema>;

/** Pages per crawl, by plan (shown on pricing and next to the scope). */
export const CRAWL_PAGE_LIMITS: Record<CrawlPlan, number> = {
  free: 10,
  registered: 50,
  hobby: 500,
  startup: 2_000,
  enterprise: 10_000,
};

/** The most pages any crawl reads: the largest plan's limit. */
export const MAX_CRAWL_PAGES = Math.max(...Object.values(CRAWL_PAGE_LIMITS));

/**
 * A caller's crawl plan: a premium member's tier is the start of their plan id (`startup-annual` → startup; the
 * seed's Premium is Hobby); administrators get the largest.
 */
export function crawlPlanOf(role: Role, membershipPlan?: string | null): CrawlPlan {
  if (role === 'free' || role === 'registered') return role;
  if (role === 'admin') return 'enterprise';
  const tier = crawlPlanSchema.safeParse(membershipPlan?.split('-')[0]);
  return tier.success && tier.data !== 'free' && tier.data !== 'registered' ? tier.data : 'hobby';
}

const addressSchema = z.string({ error: 'url must be a string' }).max(MAX_URL_LENGTH * 2, 'url is too long');

/**
 * POST /api/crawls. `url` starts every scope but `list`, which takes `urls` (one address a line in the page's
 * box); `maxPages` lowers the plan's page limit for this crawl. Each address is checked as an extraction's is.
 */
export const crawlRequestSchema = z.object({
  url: addressSchema.optional(),
  urls: z
    .array(addressSchema, { error: 'urls must be a list of addresses' })
    .max(MAX_CRAWL_PAGES, `at most ${MAX_CRAWL_PAGES.toLocaleString('en-US')} addresses`)
    .optional(),
  scope: crawlScopeSchema,
  maxPages: z
    .number({ error: 'maxPages must be a number' })
    .int('maxPages must be a whole number')
    .min(1, 'maxPages must be at least 1')
    .max(MAX_CRAWL_PAGES, `maxPages is at most ${MAX_CRAWL_PAGES}`)
    .optional(),
  mode: extractionModeSchema.optional(),
  fileTypes: z.array(z.string().max(16)).max(32).optional(),
});
export type CrawlRequest = z.infer<typeof crawlRequestSchema>;

/** 202 answer of POST /api/crawls and of POST /api/crawls/{id}/rerun ("Run again": a new crawl of the same request). */
export const crawlAcceptedSchema = z.object({ crawlId: z.string() });
export type CrawlAccepted = z.infer<typeof crawlAcceptedSchema>;

/**
 * queued: stored, no page taken yet. running: pages are being read. completed: every page found within the limits
 * was read. stopped: its owner stopped it (what was found stays). limited: the daily image quota ran out (what it
 * had stays). failed: not one page could be read.
 */
export const crawlStatusSchema = z.enum(['queued', 'running', 'completed', 'stopped', 'limited', 'failed']);
export type CrawlStatus = z.infer<typeof crawlStatusSchema>;
/** A crawl in one of these states changes no more. */
export const SETTLED_CRAWL_STATUSES: readonly CrawlStatus[] = ['completed', 'stopped', 'limited', 'failed'];
export const isCrawlSettled = (view: { status: CrawlStatus } | undefined): boolean =>
  view !== undefined && SETTLED_CRAWL_STATUSES.includes(view.status);

/**
 * done: read (its images are in the result; `error` when the page answered with one). failed: could not be read.
 * skipped: not in the result — robots.txt disallows it, the crawl stopped or hit its limit first, it is a page
 * the crawl has under its canonical address, or it moved to another site.
 */
export const crawlPageStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'skipped']);
export type CrawlPageStatus = z.infer<typeof crawlPageStatusSchema>;

/** duplicate: its canonical address is a page of the crawl already. offsite: it moved to another site. */
export const crawlSkipReasonSchema = z.enum(['robots', 'stopped', 'limited', 'duplicate', 'offsite']);
export type CrawlSkipReason = z.infer<typeof crawlSkipReasonSchema>;

export const crawlPageSchema = z.object({
  url: z.string(),
  status: crawlPageStatusSchema,
  /** Distinct images of this page in the result. */
  imageCount: z.number().int().nonnegative(),
  /** Links followed from the start page to this one (0 = a start page). */
  depth: z.number().int().nonnegative(),
  error: z.string().optional(),
  skipReason: crawlSkipReasonSchema.optional(),
});
export type CrawlPage = z.infer<typeof crawlPageSchema>;

/** A file of a crawl: one per address across all its pages, with every page it was found on (in crawl order). */
export const crawlFileSchema = extractedFileSchema.extend({ pageUrls: z.array(z.string()) });
export type CrawlFile = z.infer<typeof crawlFileSchema>;

const quantity = z.number().int().nonnegative();

/**
 * Why a crawl read less, or more slowly, than asked — as codes a client words in its reader's language;
 * `crawlWarningText` gives the English of the `warnings` strings.
 */
export const crawlWarningSchema = z.discriminatedUnion('code', [
  /** robots.txt of `host` disallows `count` of the pages found. */
  z.object({ code: z.literal('ROBOTS_DISALLOWED'), values: z.object({ host: z.string(), count: quantity }) }),
  /** robots.txt of `host` asks for `seconds` between pages (Crawl-delay). */
  z.object({ code: z.literal('CRAWL_DELAY'), values: z.object({ host: z.string(), seconds: z.number() }) }),
  /** `host` answered 429 or 503: its pages were slowed down. */
  z.object({ code: z.literal('HOST_BACKOFF'), values: z.object({ host: z.string(), status: z.number().int() }) }),
  /** More pages were found than the crawl's page limit. */
  z.object({ code: z.literal('PAGE_LIMIT'), values: z.object({ limit: quantity }) }),
  /** Many addresses of one pattern (a calendar, sort orders, session ids) were left out after the first `limit`. */
  z.object({ code: z.literal('TRAP_CAPPED'), values: z.object({ pattern: z.string(), limit: quantity }) }),
  /** Pages deeper than `depth` links from the start were left out. */
  z.object({ code: z.literal('DEPTH_LIMIT'), values: z.object({ depth: quantity }) }),
  /** The plan's images per extraction hold for each page: a page with more new images kept `limit` of them. */
  z.object({ code: z.literal('IMAGES_PER_PAGE'), values: z.object({ limit: quantity }) }),
]);
export type CrawlWarning = z.infer<typeof crawlWarningSchema>;

type WarningOf<C extends CrawlWarning['code']> = Extract<CrawlWarning, { code: C }>;

const PARTIAL = 'Coverage may be partial.';

const ENGLISH: { [C in CrawlWarning['code']]: (warning: WarningOf<C>) => string } = {
  ROBOTS_DISALLOWED: ({ values: { host, count } }) =>
    `robots.txt of ${host} does not allow ${count.toLocaleString('en-US')} page${count === 1 ? '' : 's'} found; they were not read. ${PARTIAL}`,
  CRAWL_DELAY: ({ values: { host, seconds } }) =>
    `robots.txt of ${host} asks for ${seconds} s between pages (Crawl-delay); the crawl slowed down.`,
  HOST_BACKOFF: ({ values: { host, status } }) =>
    `${host} answered HTTP ${status} (too busy); the crawl slowed down for it. ${PARTIAL}`,
  PAGE_LIMIT: ({ values: { limit } }) =>
    `More pages were found than this crawl's limit of ${limit.toLocaleString('en-US')} pages. ${PARTIAL}`,
  TRAP_CAPPED: ({ values: { pattern, limit } }) =>
    `Only the first ${limit} addresses like ${pattern} were read (calendars, sort orders and session ids repeat without end). ${PARTIAL}`,
  DEPTH_LIMIT: ({ values: { depth } }) => `Pages more than ${depth} links from the start were not read. ${PARTIAL}`,
  IMAGES_PER_PAGE: ({ values: { limit } }) =>
    `Your plan keeps ${limit.toLocaleString('en-US')} new images of each page; pages with more were cut. ${PARTIAL}`,
};

export function crawlWarningText(warning: CrawlWarning): string {
  return (ENGLISH[warning.code] as (warning: CrawlWarning) => string)(warning);
}

/** A page a worker is reading now, and which worker (host name and process id). */
export const crawlReadingSchema = z.object({ url: z.string(), worker: z.string() });
export type CrawlReading = z.infer<typeof crawlReadingSchema>;

/** The counts of a crawl, as GET /api/crawls/{id} and every `crawl:progress` event carry them. */
const crawlCountsSchema = z.object({
  crawlId: z.string(),
  status: crawlStatusSchema,
  pagesDone: quantity,
  pagesFailed: quantity,
  /** Pages found so far (read, being read, waiting), within the page limit. */
  pagesFound: quantity,
  /** Distinct images in the result so far. */
  imagesFound: quantity,
  /** The pages being read now, one entry per worker at it. */
  reading: z.array(crawlReadingSchema),
});

/** GET /api/crawls/{id}: the crawl as it stands, its pages in the order found and its files merged by address. */
export const crawlViewSchema = crawlCountsSchema.extend({
  scope: crawlScopeSchema,
  startUrl: z.string(),
  /** The addresses of a `list` crawl, as normalised (absent for the other scopes). */
  urls: z.array(z.string()).optional(),
  /** The most pages this crawl reads: the plan's limit, or the request's `maxPages` when lower. */
  maxPages: quantity,
  pages: z.array(crawlPageSchema),
  files: z.array(crawlFileSchema),
  /** The caller's day after the images charged so far (absent until a page has finished). */
  limits: limitsSchema.optional(),
  warnings: z.array(z.string()),
  warningDetails: z.array(crawlWarningSchema),
  createdAt: z.string(),
  finishedAt: z.string().optional(),
});
export type CrawlView = z.infer<typeof crawlViewSchema>;

/**
 * socket.io `crawl:progress`, in the crawl's room: the counts after every change, the page that changed (found,
 * being read, done, failed, skipped), the files that page added to the result (new addresses, and addresses it
 * shares with earlier pages with their longer `pageUrls`), and the limits once charged.
 */
export const crawlProgressSchema = crawlCountsSchema.extend({
  page: crawlPageSchema.optional(),
  /** Pages found by the page that finished, in the order found (the gallery's next pages as they are found). */
  pagesAdded: z.array(z.string()).optional(),
  files: z.array(crawlFileSchema).optional(),
  limits: limitsSchema.optional(),
  warnings: z.array(z.string()).optional(),
  warningDetails: z.array(crawlWarningSchema).optional(),
});
export type CrawlProgress = z.infer<typeof crawlProgressSchema>;

/**
 * POST /api/download-images for a crawl: the images chosen in its gallery (`imageUrls`: their addresses, or those of
 * their other sizes, as JSON text in a form post; without it, every image the crawl found) as one ZIP, flat or with a folder per page (`folders`), and
 * `all-image-urls.txt` listing each page's images. The server takes everything else about each image, its pages
 * included, from the stored crawl, and refuses an address the crawl did not find. The other options are the image
 * list's.
 */
export const crawlDownloadRequestSchema = downloadImagesRequestSchema.omit({ sourceUrl: true }).extend({
  crawlId: z.uuid({ error: 'crawlId must be a crawl id' }),
  imageUrls: formJson(
    z.array(z.string().max(MAX_URL_LENGTH)).max(MAX_ARCHIVE_IMAGES, 'at most 10,000 images per archive'),
  ).optional(),
  /**
   * The page the gallery's Page filter shows: an image found on it as well as on other pages goes into its folder
   * and takes its `{page}` in names, as the person chose it there (otherwise: the first page it was found on).
   */
  pageUrl: z.string().max(MAX_URL_LENGTH).optional(),
});
export type CrawlDownloadRequest = z.infer<typeof crawlDownloadRequestSchema>;
