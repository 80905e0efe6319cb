import { z } from 'zod';
import { MAX_URL_LENGTH } from './extraction-url';

const flag = z.enum(['1', 'true', '0', 'false']).transform((value) => value === '1' || value === 'true');
const pageUrl = z.string().min(1).max(MAX_URL_LENGTH);

/** Formats a thumbnail (`w=`/`format=`) or an archive conversion can be asked for. */
const thumbnailFormatSchema = z.enum(['jpeg', 'png', 'webp', 'avif']);
export type ThumbnailFormat = z.infer<typeof thumbnailFormatSchema>;

/**
 * GET /api/proxy-image. `sourceUrl` is the page the image was found on, sent upstream as Referer for
 * hotlink-protected images; `fullpage=true` answers that page's screenshot instead of an image.
 */
export const proxyImageQuerySchema = z.object({
  url: pageUrl,
  sourceUrl: pageUrl.optional(),
  w: z.coerce.number().int().min(16).max(2048).optional(),
  format: thumbnailFormatSchema.optional(),
  download: flag.optional(),
  fullpage: flag.optional(),
});
export type ProxyImageQuery = z.infer<typeof proxyImageQuerySchema>;

/** GET /api/screenshot-boxes: the page whose screenshot the boxes belong to (answered by screenshotBoxesSchema). */
export const screenshotBoxesQuerySchema = z.object({ url: pageUrl });

/** One image of an archive: its URL alone (the seed's form), or with what the extraction knew about it. */
const archiveImageSchema = z.union([
  z.string().max(MAX_URL_LENGTH),
  z.object({
    fileUrl: z.string().max(MAX_URL_LENGTH),
    alt: z.string().max(2000).optional(),
    width: z.number().int().nonnegative().optional(),
    height: z.number().int().nonnegative().optional(),
  }),
]);
export type ArchiveImage = z.infer<typeof archiveImageSchema>;

/** A form post carries `imageUrls` as JSON text; a JSON body may carry the array itself. */
const imageUrlsField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, z.array(archiveImageSchema).max(10_000, 'at most 10,000 images per archive'));

/** POST /api/download-images: the seed's form post (JSON accepted too). */
export const downloadImagesRequestSchema = z.object({
  imageUrls: imageUrlsField,
  sourceUrl: pageUrl.optional(),
  /** WebP and AVIF images are converted to this format in the archive. */
  convert: z.enum(['jpg', 'png']).optional(),
});
export type DownloadImagesRequest = z.infer<typeof downloadImagesRequestSchema>;

/**
 * The caller's plan on POST /api/download-images, set by the gateway from the caller it identified (never taken
 * from the client: the gateway forwards only an allow-list of headers); the zipper caps images per archive at
 * that plan's per-extraction limit, and treats a missing or unknown value as `free`.
 */
export const ARCHIVE_PLAN_HEADER = 'x-pixtract-plan';
