import { z } from 'zod';

/**
 * Full-page screenshots: the zipper (behind GET /api/proxy-image?fullpage=true) queues a `screenshot`
 * job on QueueName.Screenshot; an extractor worker renders the page, stores the image in Redis under
 * `cacheKey` for SCREENSHOT_CACHE_SECONDS, and returns where it put it.
 */
export const screenshotJobPayloadSchema = z.object({
  url: z.string(),
  requestId: z.string().optional(),
});
export type ScreenshotJobPayload = z.infer<typeof screenshotJobPayloadSchema>;

export const screenshotJobResultSchema = z.object({
  cacheKey: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  bytes: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ScreenshotJobResult = z.infer<typeof screenshotJobResultSchema>;

export const SCREENSHOT_CACHE_SECONDS = 15 * 60;

/** Redis key of a page's cached screenshot (and the job id that deduplicates concurrent requests). */
export const screenshotCacheKey = (url: string) => `screenshot-${encodeURIComponent(url)}`;
