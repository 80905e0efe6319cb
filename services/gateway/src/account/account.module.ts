import { Inject, MiddlewareConsumer, Module, NestModule, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { AdminAccess } from './admin-access.service';
import { AdminGuard } from './admin.guard';
import { AUTH_RELAYED_ROUTES, AuthProxyMiddleware } from './auth-proxy.middleware';
import { AuthClient } from './auth.client';
import { RateLimiter } from './rate-limiter.service';
import { UserActivityController } from './user-activity.controller';
import { UserActivityRepository } from './user-activity.repository';

/**
 * Accounts at the public origin: rate limits in front of their routes, the auth service's
 * routes relayed to it, and the member's Recent Activity from the gateway's own records.
 */
@Module({
  imports: [NewsletterModule],
  controllers: [UserActivityController],
  providers: [AuthClient, UserActivityRepository, AdminAccess, AdminGuard, RateLimiter],
  exports: [AuthClient, AdminAccess, AdminGuard],
})
export class AccountModule implements NestModule, OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** req.ip believes X-Forwarded-For only from the hops TRUST_PROXY names (none by default). */
  onModuleInit() {
    this.adapterHost.httpAdapter.getInstance().set('trust proxy', this.config.TRUST_PROXY);
  }

  /** Each route's rate limit (mounted on the route itself), then auth's routes relayed. */
  configure(consumer: MiddlewareConsumer) {
    for (const rule of this.config.PIXTRACT_RATE_LIMITS)
      consumer.apply(this.rateLimiter.middlewareFor(rule)).forRoutes({ path: rule.path, method: rule.method });
    consumer.apply(AuthProxyMiddleware).forRoutes(...AUTH_RELAYED_ROUTES);
  }
}
