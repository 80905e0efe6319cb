import { HttpException, Inject, Injectable } from '@nestjs/common';
import { AuthErrorCode, authErrorBody } from '@pixtract/contracts';
import { REDIS, clientNetworkOf } from '@pixtract/service-kit';
import type { NextFunction, Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { clientAddress } from './client-address';
import type { RateLimit } from './rate-limits';

/**
 * Counts attempts in Redis, so every gateway replica counts together: a window per rule and client network that
 * opens with its first attempt (SET NX with the expiry, INCR and TTL in one MULTI). Each rule's middleware is
 * mounted on its route by the router itself (EdgeModule), so every spelling of a path that reaches the route
 * (/API/AUTH/LOGIN, /api/auth/login/) is counted under the rule's one name. The address is express's req.ip:
 * X-Forwarded-For counts only from the proxies TRUST_PROXY names, so a forged header gives no fresh allowance.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  middlewareFor(rule: RateLimit): (req: Request, res: Response, next: NextFunction) => Promise<void> {
    return async (req, res, next) => {
      if (rule.counts?.(req) ?? true) await this.count(rule, req, res);
      next();
    };
  }

  /** Rejects with 429 (and Retry-After) once the rule's window has had its attempts from this client. */
  private async count(rule: RateLimit, req: Request, res: Response): Promise<void> {
    const key = `${this.config.QUEUE_PREFIX}:rate-limit:${rule.name}:${clientNetworkOf(clientAddress(req))}`;
    const answers = (await this.redis.multi().set(key, 0, 'EX', rule.windowS, 'NX').incr(key).ttl(key).exec()) as Array<
      [Error | null, unknown]
    >;
    if ((answers[1][1] as number) <= rule.limit) return;
    res.setHeader('retry-after', String(Math.max(1, answers[2][1] as number)));
    throw new HttpException(authErrorBody(AuthErrorCode.TooManyRequests, 429), 429);
  }
}
