import type { INestApplication } from '@nestjs/common';
import { PAYPAL_WEBHOOK_PATH } from '@pixtract/contracts';
import { createService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { GatewayConfig } from './gateway.config';
import { RedisIoAdapter } from './progress/redis-io.adapter';
import { QUEUE_DASHBOARD_PATH } from './queues/queue-dashboard';
import { sameOrigin } from './edge/same-origin';
import { securityHeaders } from './security/security-headers';
import { serveSpa } from './spa/serve-spa';
import { SITE_FILES } from './spa/spa.module';

/** Paths middleware answers rather than routes: the latency metric labels them by these prefixes. */
const MIDDLEWARE_MOUNTS = [
  '/api/auth',
  '/api/user/profile',
  '/api/docs',
  QUEUE_DASHBOARD_PATH,
  '/assets',
  '/socket.io',
];

/**
 * The public origin, the same in production and in tests. Before any body is read: security headers on every answer
 * (a refused body's answer included) and the origin check of every state-changing request. Then /api routes,
 * socket.io, the queue dashboard, sitemap and robots, and the web app; /metrics on its internal port only.
 */
export function createGateway(config: GatewayConfig, port = config.PORT): Promise<INestApplication> {
  return createService({
    name: 'gateway',
    module: AppModule.forRoot(config),
    port,
    beforeBodyParsing: [securityHeaders(config), sameOrigin],
    // PayPal signs the webhook's exact bytes: they reach billing unparsed.
    rawBodyPaths: [PAYPAL_WEBHOOK_PATH],
    metrics: { port: config.METRICS_PORT, host: config.METRICS_HOST, mounts: MIDDLEWARE_MOUNTS },
    configure: (app) => {
      const dashboard = QUEUE_DASHBOARD_PATH.slice(1);
      app.setGlobalPrefix('api', { exclude: ['health', 'ready', ...SITE_FILES, dashboard, `${dashboard}/{*path}`] });
      app.useWebSocketAdapter(new RedisIoAdapter(app, config.REDIS_URL));
      if (config.WEB_DIST) serveSpa(app, config.WEB_DIST);
    },
  });
}
