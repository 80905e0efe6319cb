import { z } from 'zod';
import { imageBoxSchema } from './extraction';

/**
 * Full-page screenshots: the zipper (behind GET /api/proxy-image?fullpage=true) queues a `screenshot`
 * job on QueueName.Screenshot; an extractor worker renders the page, stores the image in Redis under
 * `cacheKey` for SCREENSHOT_CACHE_SECONDS, and returns where it put it. Beside it, under screenshotBoxesKey, it
 * stores where each image sat in that render, so the web can outline any image of the page on the screenshot —
 * also those whose extraction had no box of its own (the static path).
 */
export const screenshotJobPayloadSchema = z.object({
  url: z.string(),
  requestId: z.string().optional(),
});
export type ScreenshotJobPayload = z.infer<typeof screenshotJobPayloadSchema>;

/** What a finished screenshot job returns: where the picture waits in Redis, and its type and size. */
export interface ScreenshotJobResult {
  cacheKey: string;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  bytes: number;
  width: number;
  height: number;
}

export const SCREENSHOT_CACHE_SECONDS = 15 * 60;

/** Redis key of a page's cached screenshot (and the job id that deduplicates concurrent requests). */
export const screenshotCacheKey = (url: string) => `screenshot-${encodeURIComponent(url)}`;

/** Redis key of where the images of a page's cached screenshot sit in it. */
export const screenshotBoxesKey = (url: string) => `screenshot-boxes-${encodeURIComponent(url)}`;

/** Boxes kept per screenshot: a 2,000-image gallery with a few candidates each fits. */
export const MAX_SCREENSHOT_BOXES = 10_000;

/**
 * GET /api/screenshot-boxes?url=<page>: each image URL of the page (every srcset candidate too) and its box in
 * the cached screenshot; empty when no screenshot of the page is cached or the image lies below its cut.
 */
export const screenshotBoxesSchema = z.object({ boxes: z.record(z.string(), imageBoxSchema) });
export type ScreenshotBoxes = z.infer<typeof screenshotBoxesSchema>;
