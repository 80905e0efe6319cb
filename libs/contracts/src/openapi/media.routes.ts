import { z } from 'zod';
import { crawlDownloadRequestSchema } from '../crawl';
import { AuthErrorCode } from '../auth';
import { ErrorCode } from '../errors';
import { downloadImagesRequestSchema, proxyImageQuerySchema, screenshotBoxesQuerySchema } from '../media';
import { ScreenshotBoxes, screenshotBoxesSchema } from '../screenshot';
import { ApiRoute, COMMON_REFUSALS, fileAnswer, JSON_TYPE, jsonAnswer, refusals, RefusalTable } from './api-route';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/svg+xml'];

/** Refusals of a remote image the zipper fetches through the SSRF-safe path. */
const FETCH_REFUSALS: RefusalTable = {
  400: [
    ErrorCode.InvalidUrl,
    ErrorCode.UnsupportedScheme,
    ErrorCode.CredentialsInUrl,
    ErrorCode.BlockedAddress,
    ErrorCode.BlockedPort,
    ErrorCode.ValidationFailed,
  ],
  413: [ErrorCode.UpstreamTooLarge],
  415: [ErrorCode.NotAnImage],
  422: [ErrorCode.HostNotFound],
  502: [ErrorCode.UpstreamFailed, ErrorCode.TooManyRedirects, ErrorCode.Internal],
  504: [ErrorCode.UpstreamTimeout],
};

/** Forwarded by the gateway to the zipper, which does all server-side fetching of remote media. */
export const MEDIA_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/proxy-image',
    tags: ['Media'],
    summary: 'An image of a page, through Pixtract',
    description:
      'Fetches a remote image (SSRF-safe; `sourceUrl` is sent as Referer for hotlink-protected images) and streams it, a thumbnail of it with `w`, or the image saved as another `format` (converted with sharp; the same bytes when already in it). ' +
      '`download=1` makes it an attachment. `fullpage=true` answers a screenshot of the page `url` instead (rendered by a worker, cached 15 minutes). ' +
      'Conditional requests (If-None-Match, If-Modified-Since) are passed on: 304 when unchanged.',
    request: { query: proxyImageQuerySchema },
    responses: {
      200: fileAnswer('The image (or thumbnail, or screenshot), with the upstream’s caching headers.', IMAGE_TYPES),
      304: { description: 'Not modified since the copy the client holds.' },
      // 429: full-page screenshots (fullpage=true) are rate-limited per client network.
      ...refusals(FETCH_REFUSALS, { 429: [AuthErrorCode.TooManyRequests], 502: [ErrorCode.ScreenshotFailed] }),
    },
  },
  {
    method: 'get',
    path: '/api/screenshot-boxes',
    tags: ['Media'],
    summary: 'Where the images sit in a page’s screenshot',
    description:
      'Each image URL of the page (every srcset candidate too) and its box in the cached screenshot; empty when none is cached.',
    request: { query: screenshotBoxesQuerySchema },
    responses: {
      200: jsonAnswer('Boxes by image URL, in CSS pixels of the screenshot.', screenshotBoxesSchema, {
        boxes: { 'https://example.com/img/hero.jpg': { x: 0, y: 96, width: 1366, height: 640 } },
      } satisfies ScreenshotBoxes),
      ...refusals({ 400: [ErrorCode.ValidationFailed], 502: [ErrorCode.Internal] }),
    },
  },
  {
    method: 'post',
    path: '/api/download-images',
    tags: ['Media'],
    summary: 'Images as one ZIP',
    description:
      'The images fetched and streamed as one ZIP while it is built; at most as many as the caller’s plan grants one extraction. ' +
      'Images that could not be had are listed in `failed-downloads.txt` inside the archive. The web app sends it as a form post (`imageUrls` as JSON text). ' +
      'With `crawlId`, `imageUrls` are addresses the crawl found (its owner’s alone; any other is refused; without them, every image of the crawl): those images, flat or with a folder per page (`folders`; an image found on several pages goes under `pageUrl`, the page the gallery shows, when it is one of them, else under the first), and `all-image-urls.txt` listing each page and its images.',
    request: {
      body: {
        required: true,
        content: {
          [JSON_TYPE]: {
            schema: z.union([downloadImagesRequestSchema, crawlDownloadRequestSchema]),
            example: {
              imageUrls: [{ fileUrl: 'https://example.com/img/hero.jpg', alt: 'Hero' }],
              sourceUrl: 'https://example.com/gallery',
              format: 'jpeg',
              naming: '{n}-{alt}-{w}x{h}',
            },
          },
          'application/x-www-form-urlencoded': {
            schema: z.union([downloadImagesRequestSchema, crawlDownloadRequestSchema]),
            example: { imageUrls: '["https://example.com/img/hero.jpg"]', sourceUrl: 'https://example.com/gallery' },
          },
        },
      },
    },
    responses: {
      200: fileAnswer('The archive (Content-Disposition names it after the page).', ['application/zip']),
      ...refusals(
        { 400: [ErrorCode.NoImagesToDownload, ErrorCode.ImageNotInCrawl], 404: [ErrorCode.CrawlNotFound] },
        COMMON_REFUSALS.badBody,
        COMMON_REFUSALS.crossSite,
        COMMON_REFUSALS.authUnavailable,
        { 502: [ErrorCode.Internal] },
      ),
    },
  },
];
