import { RequestMethod } from '@nestjs/common';
import { proxyImageQuerySchema } from '@pixtract/contracts';
import type { Request } from 'express';

export interface RateLimit {
  /** The counter's name in Redis: the route's, however a request spelt its path. */
  name: string;
  method: RequestMethod;
  /** The route as Nest routes it (under the global prefix /api): letter case and a trailing slash do not matter. */
  path: string;
  limit: number;
  windowS: number;
  /** Which of the route's requests count (every one when absent). */
  counts?: (req: Request) => boolean;
}

/**
 * A full-page screenshot renders a whole page in Chromium; the image proxy beside it is cheap. Read by the zipper's
 * own contract, so every spelling it renders (`true`, `1`) counts.
 */
const isScreenshot = (req: Request): boolean =>
  proxyImageQuerySchema.shape.fullpage.safeParse(req.query.fullpage).data === true;

/** Attempts per client network (an IPv4 address or an IPv6 /64) and window, per route. */
export const RATE_LIMITS: RateLimit[] = [
  { name: 'login', method: RequestMethod.POST, path: 'auth/login', limit: 10, windowS: 60 },
  { name: 'register', method: RequestMethod.POST, path: 'auth/register', limit: 5, windowS: 600 },
  { name: 'extractions', method: RequestMethod.POST, path: 'extractions', limit: 30, windowS: 60 },
  { name: 'extract-images', method: RequestMethod.POST, path: 'extract-images', limit: 30, windowS: 60 },
  { name: 'crawls', method: RequestMethod.POST, path: 'crawls', limit: 10, windowS: 60 },
  { name: 'comments', method: RequestMethod.POST, path: 'comments', limit: 10, windowS: 600 },
  { name: 'newsletter', method: RequestMethod.POST, path: 'newsletter', limit: 5, windowS: 600 },
  { name: 'donations', method: RequestMethod.POST, path: 'donations', limit: 10, windowS: 600 },
  {
    name: 'screenshots',
    method: RequestMethod.GET,
    path: 'proxy-image',
    limit: 10,
    windowS: 60,
    counts: isScreenshot,
  },
];

/**
 * The rules with operators' overrides: `PIXTRACT_RATE_LIMITS`, comma-separated `name=limit/seconds` pairs (e.g.
 * `register=20/600`). A name that is no rule, or a pair that is not of that shape, is a configuration error.
 */
export function rateLimitsWith(overrides: string): RateLimit[] {
  const rules = RATE_LIMITS.map((rule) => ({ ...rule }));
  for (const pair of overrides
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z-]+)=(\d+)\/(\d+)$/.exec(pair);
    const rule = match && rules.find((candidate) => candidate.name === match[1]);
    if (!match || !rule || Number(match[3]) === 0)
      throw new Error(
        `"${pair}" is not name=limit/seconds for one of ${RATE_LIMITS.map((candidate) => candidate.name).join(', ')}`,
      );
    rule.limit = Number(match[2]);
    rule.windowS = Number(match[3]);
  }
  return rules;
}
