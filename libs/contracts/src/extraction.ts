import { z } from 'zod';
import { limitsSchema } from './plans';
import { MAX_URL_LENGTH } from './extraction-url';
import { ErrorCode, errorBodySchema } from './errors';
import { extractionWarningSchema } from './extraction-warnings';

/** How an image was found on the page (extraction engine catalogue). */
const sourceNodeSchema = z.enum([
  'img',
  'srcset',
  'picture',
  'lazy',
  'noscript',
  'css-background',
  'pseudo-element',
  'svg',
  'inline-svg',
  'data-uri',
  'video-poster',
  'input-image',
  'icon',
  'meta',
  'json-ld',
  'preload',
  'amp-img',
  'link',
  'shadow-dom',
  'iframe',
  'network',
]);
export type SourceNode = z.infer<typeof sourceNodeSchema>;

export const extractionModeSchema = z.enum(['auto', 'static', 'browser']);
export type ExtractionMode = z.infer<typeof extractionModeSchema>;

export const extractionRequestSchema = z.object({
  url: z.string({ error: 'url must be a string' }).max(MAX_URL_LENGTH * 2, 'url is too long'),
  fileTypes: z.array(z.string().max(16)).max(32).optional(),
  mode: extractionModeSchema.optional(),
  /**
   * POST /api/extractions answers the caller's own extraction of the same page and options from the last few
   * minutes instead of starting (and charging) another; `rerun: true` ("Run again") always starts a fresh one.
   */
  rerun: z.boolean({ error: 'rerun must be true or false' }).optional(),
});
export type ExtractionRequest = z.infer<typeof extractionRequestSchema>;

/** A rectangle on the page, in CSS pixels from the document's top left. */
export const imageBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type ImageBox = z.infer<typeof imageBoxSchema>;

/** Another rendition of the same picture that the page offers (a srcset candidate, a thumbnail, a CMS size, a favicon size). */
export const imageVariantSchema = z.object({
  fileUrl: z.string(),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/**
 * What a picture is to the person collecting them: a photo, a graphic (logos, illustrations, SVG drawings) or an
 * icon (interface glyphs: inline SVG or images at most 48 px both ways, favicons).
 */
export const imageKindSchema = z.enum(['photo', 'graphic', 'icon']);
export type ImageKind = z.infer<typeof imageKindSchema>;

export const extractedFileSchema = z.object({
  fileUrl: z.string(),
  fileType: z.string().optional(),
  alt: z.string().optional(),
  width: z.number().int().nonnegative().optional(),
  height: z.number().int().nonnegative().optional(),
  mimeType: z.string().optional(),
  extension: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  /** Order of first appearance on the page (0-based). */
  position: z.number().int().nonnegative().optional(),
  extractedTime: z.string().optional(),
  sourceNode: sourceNodeSchema.optional(),
  /** Another file in the list is the same image (same normalised URL or same bytes). */
  duplicate: z.boolean().optional(),
  /** The other renditions of the same picture: a rendition the page shows is this file or one of these. */
  variants: z.array(imageVariantSchema).optional(),
  kind: imageKindSchema.optional(),
  /** Where the element sat on the page, in CSS pixels from the document's top left. */
  box: imageBoxSchema.optional(),
  /** The page showed this image only after a control was pressed (Load more, a consent wall). */
  revealedByClick: z.boolean().optional(),
});
export type ExtractedFile = z.infer<typeof extractedFileSchema>;

export const performanceInfoSchema = z.object({
  timeMs: z.number().nonnegative(),
  method: z.string(),
});
export type PerformanceInfo = z.infer<typeof performanceInfoSchema>;

/** The catalogue code of an `error` that is a catalogue message, so a client can word it in its reader's language. */
const errorCodeSchema = z.enum(Object.values(ErrorCode));

/**
 * Beyond the seed's English `error` and `warnings`: their codes. `warningDetails[i]` is `warnings[i]` as data
 * (same order, same length); both are optional so results stored before them still parse.
 */
export const extractionNoticesSchema = z.object({
  error: z.string().optional(),
  errorCode: errorCodeSchema.optional(),
  warnings: z.array(z.string()),
  warningDetails: z.array(extractionWarningSchema).optional(),
});

/** The seed's extraction response, returned by POST /api/extract-images and on completion. */
export const extractionResponseSchema = extractionNoticesSchema.extend({
  files: z.array(extractedFileSchema),
  sourceUrl: z.string(),
  limits: limitsSchema,
  performanceInfo: performanceInfoSchema,
});
export type ExtractionResponse = z.infer<typeof extractionResponseSchema>;

const extractionStageSchema = z.enum(['queued', 'loading', 'scrolling', 'collecting', 'measuring', 'done']);
export type ExtractionStage = z.infer<typeof extractionStageSchema>;

/** What the extraction pressed on the page to reach its images, so the progress can say it. */
export const pageRevealSchema = z.object({
  consentAccepted: z.boolean(),
  loadMorePresses: z.number().int().nonnegative(),
});
export type PageReveal = z.infer<typeof pageRevealSchema>;

export const extractionProgressSchema = z.object({
  stage: extractionStageSchema,
  percent: z.number().min(0).max(100),
  imagesFound: z.number().int().nonnegative(),
  /** Time since the worker took the job, so the bar can move while a slow page is still loading. */
  elapsedMs: z.number().int().nonnegative().optional(),
  /** Bytes of the page and its resources received so far. */
  bytesReceived: z.number().int().nonnegative().optional(),
  /** Controls pressed so far ("Accepted the cookie notice", "Pressed Load more 3 times"). */
  revealed: pageRevealSchema.optional(),
  /**
   * The images found so far, before they are measured, so the grid fills while the extraction runs:
   * distinct images in page order, at most the job's `previewLimit`. The completed result replaces them.
   */
  files: z.array(extractedFileSchema).optional(),
});
export type ExtractionProgress = z.infer<typeof extractionProgressSchema>;

const extractionStatusSchema = z.enum(['queued', 'running', 'completed', 'failed']);
export type ExtractionStatus = z.infer<typeof extractionStatusSchema>;

/** 429 DAILY_LIMIT_REACHED of the extraction routes: nothing was queued, and `limits` says where the day stands. */
export const dailyLimitRefusalSchema = errorBodySchema.extend({ limits: limitsSchema });

/** 202 answer of POST /api/extractions; 200 with `reused: true` when it is the caller's recent extraction of that page. */
export const extractionAcceptedSchema = z.object({ extractionId: z.string(), reused: z.boolean().optional() });
export type ExtractionAccepted = z.infer<typeof extractionAcceptedSchema>;

/** 202 answer of POST /api/extract-images when the extraction outlasts the synchronous wait: follow it by id. */
export const extractionStillRunningSchema = extractionAcceptedSchema.extend({
  status: z.literal('running'),
  message: z.string(),
});
export type ExtractionStillRunning = z.infer<typeof extractionStillRunningSchema>;

/** GET /api/extractions/:id */
export const extractionViewSchema = z.object({
  extractionId: z.string(),
  url: z.string(),
  status: extractionStatusSchema,
  /** When it finished, or when it was asked for while it runs (ISO 8601). */
  extractedAt: z.string().optional(),
  progress: extractionProgressSchema.optional(),
  result: extractionResponseSchema.optional(),
  error: z.string().optional(),
  errorCode: errorCodeSchema.optional(),
});
export type ExtractionView = z.infer<typeof extractionViewSchema>;
