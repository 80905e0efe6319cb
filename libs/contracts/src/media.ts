import { z } from 'zod';
import { MAX_URL_LENGTH } from './extraction-url';
import { imageVariantSchema } from './extraction';
import { namingPatternSchema } from './file-naming';

const flag = z.enum(['1', 'true', '0', 'false']).transform((value) => value === '1' || value === 'true');
const pageUrl = z.string().min(1).max(MAX_URL_LENGTH);

/** Formats a picture can be saved as: `original` keeps the site's file as it is; `jpg` is read as `jpeg`. */
export const SAVE_FORMATS = ['original', 'png', 'jpeg', 'webp', 'avif'] as const;
export type SaveFormat = (typeof SAVE_FORMATS)[number];
const saveFormatSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.toLowerCase().replace(/^jpg$/, 'jpeg') : value),
  z.enum(SAVE_FORMATS, { error: 'format must be one of original, png, jpeg, webp or avif.' }),
);
/** The formats that keep every frame of an animated picture; the others keep its first frame. */
export const ANIMATED_SAVE_FORMATS: readonly SaveFormat[] = ['original', 'webp'];
/** Set (to `1`) on a converted image whose animation was cut to its first frame (the target cannot animate). */
export const FIRST_FRAME_HEADER = 'x-pixtract-first-frame';
/** A format a picture is re-encoded in (a thumbnail, a conversion). */
export type ThumbnailFormat = Exclude<SaveFormat, 'original'>;

/**
 * GET /api/proxy-image. `sourceUrl` is the page the image was found on, sent upstream as Referer for
 * hotlink-protected images; `fullpage=true` answers that page's screenshot instead of an image.
 */
export const proxyImageQuerySchema = z.object({
  url: pageUrl,
  sourceUrl: pageUrl.optional(),
  w: z.coerce.number().int().min(16).max(2048).optional(),
  /** With `w`, the thumbnail's format; alone, the format the image is saved as (converted on the server). */
  format: saveFormatSchema.optional(),
  download: flag.optional(),
  /** A download's name: this naming pattern, with the image's place `n` (1-based) and `alt` text. */
  naming: namingPatternSchema.optional(),
  n: z.coerce.number().int().min(1).max(100_000).optional(),
  alt: z.string().max(2000).optional(),
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
    /** The page it was found on (a crawl's page), for `{page}` and `{host}` in the naming pattern. */
    pageUrl: z.string().max(MAX_URL_LENGTH).optional(),
    /** The page's other renditions of this picture: one already in the asked `format` is taken instead of converting. */
    variants: z.array(imageVariantSchema).max(100).optional(),
    /** The pages of a crawl the image was found on (the gateway sets them for a crawl's archive). */
    pageUrls: z.array(z.string().max(MAX_URL_LENGTH)).max(10_000).optional(),
  }),
]);
export type ArchiveImage = z.infer<typeof archiveImageSchema>;

/** `folders` of a form post is text. */
export const archiveFoldersSchema = z.union([z.boolean(), flag]);

/** A form post carries a list as JSON text; a JSON body may carry the array itself. */
export const formJson = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

/** The most images one archive is asked for. */
export const MAX_ARCHIVE_IMAGES = 10_000;
const imageUrlsField = formJson(
  z.array(archiveImageSchema).max(MAX_ARCHIVE_IMAGES, 'at most 10,000 images per archive'),
);

/** POST /api/download-images: the seed's form post (JSON accepted too). */
export const downloadImagesRequestSchema = z.object({
  imageUrls: imageUrlsField,
  sourceUrl: pageUrl.optional(),
  /** The older choice: WebP and AVIF images (only those) converted to this format; `format` supersedes it. */
  convert: z.enum(['jpg', 'png']).optional(),
  /** Every image saved in this format (`original`, the default, keeps each file as the site serves it). */
  format: saveFormatSchema.optional(),
  /** Entry names (`images/<name>.<ext>`) from this naming pattern; the seed's `{n}-{alt}` by default. */
  naming: namingPatternSchema.optional(),
  /**
   * The page's name for this download (a random UUID it made): the archive's progress is told to the sockets that
   * follow it (`download:follow`), since a form post's answer is the file itself.
   */
  downloadId: z.uuid().optional(),
  /** Images with `pageUrls` go into a folder per page (the first page they were found on) instead of one flat folder. */
  folders: archiveFoldersSchema.optional(),
});
export type DownloadImagesRequest = z.infer<typeof downloadImagesRequestSchema>;

/**
 * The caller's plan on POST /api/download-images, set by the gateway from the caller it identified (never taken
 * from the client: the gateway forwards only an allow-list of headers); the zipper caps images per archive at
 * that plan's per-extraction limit, and treats a missing or unknown value as `free`.
 */
export const ARCHIVE_PLAN_HEADER = 'x-pixtract-plan';

/**
 * Set by the gateway alone on a crawl's archive: the images the crawl was granted (already charged to the day), the
 * cap of that archive instead of the plan's per-extraction one.
 */
export const ARCHIVE_GRANTED_HEADER = 'x-pixtract-archive-granted';

/**
 * How far an archive is: images `written` into it and `failed` (each a line of failed-downloads.txt) out of
 * `total` requested; `finished` once the last byte has left for the client. Published by the zipper after each
 * image on the Redis channel `archiveProgressChannel(prefix)`; the gateway relays it to the download's room.
 */
export const archiveProgressSchema = z.object({
  downloadId: z.uuid(),
  written: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  finished: z.boolean(),
});
export type ArchiveProgress = z.infer<typeof archiveProgressSchema>;

/** The Redis pub/sub channel of archive progress, under the deployment's queue prefix (tests run side by side). */
export const archiveProgressChannel = (queuePrefix: string): string => `${queuePrefix}:archive-progress`;
