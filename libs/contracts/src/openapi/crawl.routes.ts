import { z } from 'zod';
import { AuthErrorCode } from '../auth';
import { CrawlView, crawlAcceptedSchema, crawlRequestSchema, crawlViewSchema } from '../crawl';
import { ErrorCode } from '../errors';
import { ApiRoute, COMMON_REFUSALS, jsonAnswer, jsonBody, RefusalTable, refusals } from './api-route';

const CRAWL_ID = '5d0f4f3a-8c1e-4b7a-9f21-0c6e2a9b7d44';

const CRAWL_EXAMPLE: CrawlView = {
  crawlId: CRAWL_ID,
  status: 'running',
  scope: 'gallery',
  startUrl: 'https://example.com/gallery',
  maxPages: 10,
  pagesDone: 1,
  pagesFailed: 0,
  pagesFound: 2,
  imagesFound: 2,
  reading: [{ url: 'https://example.com/gallery?page=2', worker: 'worker-1:4211' }],
  pages: [
    { url: 'https://example.com/gallery', status: 'done', imageCount: 2, depth: 0 },
    { url: 'https://example.com/gallery?page=2', status: 'running', imageCount: 0, depth: 1 },
  ],
  files: [
    {
      fileUrl: 'https://example.com/img/sunset.jpg',
      alt: 'Sunset',
      width: 1600,
      height: 900,
      position: 0,
      sourceNode: 'img',
      pageUrls: ['https://example.com/gallery'],
    },
    {
      fileUrl: 'https://example.com/img/logo.svg',
      alt: 'Example',
      position: 1,
      sourceNode: 'svg',
      pageUrls: ['https://example.com/gallery'],
    },
  ],
  limits: { total: 500, used: 2, remaining: 498, role: 'free' },
  warnings: [],
  warningDetails: [],
  createdAt: '2026-01-05T10:00:00.000Z',
};

/** What refuses a crawl before anything is stored or queued: an extraction's refusals, and a list over the plan. */
const ADMISSION_REFUSALS: RefusalTable[] = [
  {
    400: [
      ErrorCode.UrlRequired,
      ErrorCode.InvalidUrl,
      ErrorCode.UrlTooLong,
      ErrorCode.UnsupportedScheme,
      ErrorCode.CredentialsInUrl,
      ErrorCode.BlockedAddress,
      ErrorCode.BlockedPort,
      ErrorCode.CrawlTooManyAddresses,
    ],
    422: [ErrorCode.HostNotFound, ErrorCode.UpstreamFailed],
    429: [ErrorCode.DailyLimitReached, AuthErrorCode.TooManyRequests],
  },
  COMMON_REFUSALS.badBody,
  COMMON_REFUSALS.crossSite,
  COMMON_REFUSALS.authUnavailable,
];

const idParameter = z.object({
  id: z.uuid().meta({ description: 'The crawl id POST /api/crawls answered', example: CRAWL_ID }),
});

const notFound = { 404: [ErrorCode.CrawlNotFound] } satisfies RefusalTable;

export const CRAWL_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/crawls',
    tags: ['Crawls'],
    summary: 'Start a crawl',
    description:
      'Reads many pages under one id: `links` (the page and the same-site pages it links to), `gallery` (the page and its next pages), ' +
      '`site` (breadth first, with the sitemap.xml) from `url`, or `list` (the `urls` given). Pages per crawl by plan: free 10, registered 50, ' +
      'Hobby 500, Startup 2,000, Enterprise 10,000 (`maxPages` may lower it). The same checks and refusals as POST /api/extractions; ' +
      'images are charged to the day as pages finish, and at the daily limit the crawl ends as `limited` with what it has. ' +
      'robots.txt is obeyed, at most 2 requests are in flight to a host, and hosts answering 429 or 503 are backed off. ' +
      'Progress follows on socket.io (`crawl:follow` with the id; `crawl:progress`), or by polling GET /api/crawls/{id}.',
    request: { body: jsonBody(crawlRequestSchema, { url: 'example.com/gallery', scope: 'gallery', maxPages: 10 }) },
    responses: {
      202: jsonAnswer('Queued: follow it by its id.', crawlAcceptedSchema, { crawlId: CRAWL_ID }),
      ...refusals(...ADMISSION_REFUSALS),
    },
  },
  {
    method: 'get',
    path: '/api/crawls/{id}',
    tags: ['Crawls'],
    summary: 'A crawl as it stands',
    description:
      'Its status, counts and pages, the pages being read, and its files merged across pages by address (each with the `pageUrls` it was found on). ' +
      'Its owner’s alone; anyone else is answered 404. Safe to poll.',
    request: { params: idParameter },
    responses: { 200: jsonAnswer('The crawl.', crawlViewSchema, CRAWL_EXAMPLE), ...refusals(notFound) },
  },
  {
    method: 'post',
    path: '/api/crawls/{id}/stop',
    tags: ['Crawls'],
    summary: 'Stop a crawl',
    description:
      'No further page is taken; pages being read finish, and what was found stays. Stopping a finished crawl changes nothing.',
    request: { params: idParameter },
    responses: {
      200: jsonAnswer('The crawl, stopped.', crawlViewSchema, { ...CRAWL_EXAMPLE, status: 'stopped', reading: [] }),
      ...refusals(notFound, COMMON_REFUSALS.crossSite, COMMON_REFUSALS.authUnavailable),
    },
  },
  {
    method: 'post',
    path: '/api/crawls/{id}/rerun',
    tags: ['Crawls'],
    summary: 'Run a crawl again',
    description: 'A new crawl of the same request (scope, addresses, page limit), admitted and charged as a new one.',
    request: { params: idParameter },
    responses: {
      202: jsonAnswer('Queued: follow it by its id.', crawlAcceptedSchema, { crawlId: CRAWL_ID }),
      ...refusals(notFound, ...ADMISSION_REFUSALS),
    },
  },
];
