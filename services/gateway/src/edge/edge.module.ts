import { Global, Inject, MiddlewareConsumer, Module, NestModule, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Express } from 'express';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { RateLimiter } from './rate-limiter.service';

/**
 * The HTTP edge: which client a request comes from (TRUST_PROXY) and how often it may write (rate limits). The
 * same-origin check and the client address helper live beside it; security headers are security/'s. Global: Nest
 * mounts a global module's middleware before any other module's, so a rate limit runs before the auth relay.
 */
@Global()
@Module({ providers: [RateLimiter] })
export class EdgeModule implements NestModule, OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** req.ip believes X-Forwarded-For only from the hops TRUST_PROXY names (none by default). */
  onModuleInit() {
    this.adapterHost.httpAdapter.getInstance<Express>().set('trust proxy', this.config.TRUST_PROXY);
  }

  /** Each route's rate limit, mounted on the route itself. */
  configure(consumer: MiddlewareConsumer) {
    for (const rule of this.config.PIXTRACT_RATE_LIMITS)
      consumer.apply(this.rateLimiter.middlewareFor(rule)).forRoutes({ path: rule.path, method: rule.method });
  }
}
