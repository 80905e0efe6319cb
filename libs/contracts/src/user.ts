import { z } from 'zod';
import { crawlScopeSchema } from './crawl';
import { roleSchema } from './plans';

const quarterUsageSchema = z.object({ used: z.number().int().nonnegative(), total: z.number().int().nonnegative() });

/** Images used per calendar quarter of the current year; total = the plan's daily quota × the quarter's days. */
const quarterlyStatsSchema = z.object({
  q1: quarterUsageSchema,
  q2: quarterUsageSchema,
  q3: quarterUsageSchema,
  q4: quarterUsageSchema,
  currentQuarter: z.number().int().min(1).max(4),
});
export type QuarterlyStats = z.infer<typeof quarterlyStatsSchema>;

export const userProfileSchema = z.object({
  username: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  createdAt: z.string(),
  currentUsage: z.number().int().nonnegative(),
  dailyLimit: z.number().int().nonnegative(),
  totalExtractionsAllTime: z.number().int().nonnegative(),
  totalImagesExtracted: z.number().int().nonnegative(),
  quarterlyStats: quarterlyStatsSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const extractionHistoryItemSchema = z.object({
  id: z.string(),
  url: z.string(),
  extractedAt: z.string(),
  status: z.string(),
  imageCount: z.number().int().nonnegative(),
  /** A crawl's row (opened at /crawls/{id}); absent or `extraction` for one page. */
  kind: z.enum(['extraction', 'crawl']).optional(),
  /** A crawl's scope and pages read. */
  scope: crawlScopeSchema.optional(),
  pagesDone: z.number().int().nonnegative().optional(),
});
export type ExtractionHistoryItem = z.infer<typeof extractionHistoryItemSchema>;

export const recentImageSchema = z.object({
  id: z.string(),
  alt: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  sourceUrl: z.string(),
  extractedAt: z.string(),
});
export type RecentImage = z.infer<typeof recentImageSchema>;

/** How many rows the dashboard's Recent Activity lists show. */
export const RECENT_ACTIVITY_LIMIT = 20;
