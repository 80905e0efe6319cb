import { z } from 'zod';
import {
  extractedFileSchema,
  extractionModeSchema,
  extractionNoticesSchema,
  performanceInfoSchema,
} from './extraction';

/**
 * Queue names are part of the wire contract with jobs already in Redis: renaming one strands every
 * job in flight. Add new names; never rename.
 */
export const QueueName = {
  Extraction: 'extraction',
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

export const extractJobPayloadSchema = z.object({
  extractionId: z.string(),
  url: z.string(),
  mode: extractionModeSchema.default('auto'),
  fileTypes: z.array(z.string()).optional(),
  /** Most images the caller can be granted (remaining quota, plan cap): the live preview shows no more. */
  previewLimit: z.number().int().nonnegative().optional(),
  /** Correlation id of the HTTP request that queued the job; the worker logs with it. */
  requestId: z.string().optional(),
});
export type ExtractJobPayload = z.infer<typeof extractJobPayloadSchema>;

/** `error` is a page-level failure the user should read (host not found, timeout); the job itself succeeded. */
export const extractJobResultSchema = extractionNoticesSchema.extend({
  files: z.array(extractedFileSchema),
  sourceUrl: z.string(),
  performanceInfo: performanceInfoSchema,
  totalImagesFound: z.number().int().nonnegative(),
});
export type ExtractJobResult = z.infer<typeof extractJobResultSchema>;

/** Redis key prefix shared by every BullMQ queue and worker (overridable for isolated tests). */
export const DEFAULT_QUEUE_PREFIX = 'pixtract';
