import { HttpException, Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { AuthErrorCode, authErrorBody } from '@pixtract/contracts';
import { REDIS } from '@pixtract/service-kit';
import type { NextFunction, Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { clientAddress } from './auth.client';

interface RateLimit {
  limit: number;
  windowS: number;
}

/** Attempts per client address and window; held in Redis, so every gateway replica counts together. */
const RATE_LIMITS: Record<string, RateLimit> = {
  'POST /api/auth/login': { limit: 10, windowS: 60 },
  'POST /api/auth/register': { limit: 5, windowS: 600 },
  'POST /api/extractions': { limit: 30, windowS: 60 },
  'POST /api/extract-images': { limit: 30, windowS: 60 },
  'POST /api/comments': { limit: 10, windowS: 600 },
};

/**
 * A window per route and client that opens with its first attempt: SET NX with the expiry, INCR and
 * TTL in one MULTI, so replicas share one count and no window is opened twice. The address is
 * express's req.ip: X-Forwarded-For counts only from the proxies TRUST_PROXY names, so a forged
 * header does not give a fresh allowance.
 */
@Injectable()
export class RateLimitMiddleware implements NestMiddleware {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const route = `${req.method} ${req.originalUrl.split('?')[0]}`;
    const rule = RATE_LIMITS[route];
    if (!rule) return next();
    const key = `${this.config.QUEUE_PREFIX}:rate-limit:${route}:${clientAddress(req)}`;
    const answers = (await this.redis.multi().set(key, 0, 'EX', rule.windowS, 'NX').incr(key).ttl(key).exec()) as Array<[Error | null, unknown]>;
    const count = answers[1][1] as number;
    if (count > rule.limit) {
      res.setHeader('retry-after', String(Math.max(1, answers[2][1] as number)));
      throw new HttpException(authErrorBody(AuthErrorCode.TooManyRequests, 429), 429);
    }
    next();
  }
}
