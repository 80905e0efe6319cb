import { RequestMethod } from '@nestjs/common';

export interface RateLimit {
  /** The counter's name in Redis: the route's, however a request spelt its path. */
  name: string;
  method: RequestMethod;
  /** The route as Nest routes it (under the global prefix /api): letter case and a trailing slash do not matter. */
  path: string;
  limit: number;
  windowS: number;
}

/** Attempts per client network (an IPv4 address or an IPv6 /64) and window, per route. */
export const RATE_LIMITS: RateLimit[] = [
  { name: 'login', method: RequestMethod.POST, path: 'auth/login', limit: 10, windowS: 60 },
  { name: 'register', method: RequestMethod.POST, path: 'auth/register', limit: 5, windowS: 600 },
  { name: 'extractions', method: RequestMethod.POST, path: 'extractions', limit: 30, windowS: 60 },
  { name: 'extract-images', method: RequestMethod.POST, path: 'extract-images', limit: 30, windowS: 60 },
  { name: 'comments', method: RequestMethod.POST, path: 'comments', limit: 10, windowS: 600 },
];
