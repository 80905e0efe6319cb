import { Inject, MiddlewareConsumer, Module, NestModule, OnModuleInit, RequestMethod } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { AdminAccess } from './admin-access.service';
import { AdminGuard } from './admin.guard';
import { AUTH_RELAYED_ROUTES, AuthProxyMiddleware } from './auth-proxy.middleware';
import { AuthClient } from './auth.client';
import { RateLimitMiddleware } from './rate-limit.middleware';
import { SameOriginMiddleware } from './same-origin.middleware';
import { UserActivityController } from './user-activity.controller';
import { UserActivityRepository } from './user-activity.repository';

/**
 * Accounts at the public origin: CSRF and rate limits in front of everything, the auth service's
 * routes relayed to it, and the member's Recent Activity from the gateway's own records.
 */
@Module({
  controllers: [UserActivityController],
  providers: [AuthClient, UserActivityRepository, AdminAccess, AdminGuard],
  exports: [AuthClient, AdminAccess, AdminGuard],
})
export class AccountModule implements NestModule, OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** req.ip believes X-Forwarded-For only from the hops TRUST_PROXY names (none by default). */
  onModuleInit() {
    this.adapterHost.httpAdapter.getInstance().set('trust proxy', this.config.TRUST_PROXY);
  }

  configure(consumer: MiddlewareConsumer) {
    consumer.apply(SameOriginMiddleware, RateLimitMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
    consumer.apply(AuthProxyMiddleware).forRoutes(...AUTH_RELAYED_ROUTES);
  }
}
