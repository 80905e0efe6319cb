import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { AdminAccess } from './admin-access.service';
import { AdminGuard } from './admin.guard';
import { AUTH_RELAYED_ROUTES, AuthProxyMiddleware } from './auth-proxy.middleware';
import { AuthClient } from './auth.client';

/**
 * Accounts at the public origin: the auth service's routes relayed to it, who the caller is, and who is an
 * administrator. The rate limits in front of auth's routes are EdgeModule's.
 */
@Module({
  imports: [NewsletterModule],
  providers: [AuthClient, AdminAccess, AdminGuard],
  exports: [AuthClient, AdminAccess, AdminGuard],
})
export class AccountModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(AuthProxyMiddleware).forRoutes(...AUTH_RELAYED_ROUTES);
  }
}
