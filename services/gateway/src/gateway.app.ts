import type { INestApplication } from '@nestjs/common';
import { createService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { GatewayConfig } from './gateway.config';
import { RedisIoAdapter } from './progress/redis-io.adapter';
import { QUEUE_DASHBOARD_PATH } from './queues/queue-dashboard';
import { serveSpa } from './spa/serve-spa';

/** Paths middleware answers rather than routes: the latency metric labels them by these prefixes. */
const MIDDLEWARE_MOUNTS = ['/api/auth', '/api/user/profile', '/api/docs', QUEUE_DASHBOARD_PATH, '/assets', '/socket.io'];

/** The public origin: /api, socket.io, the queue dashboard and the web app; /metrics on its internal port only. */
export function createGateway(config: GatewayConfig, port = config.PORT): Promise<INestApplication> {
  return createService({
    name: 'gateway',
    module: AppModule.forRoot(config),
    port,
    metrics: { port: config.METRICS_PORT, mounts: MIDDLEWARE_MOUNTS },
    configure: (app) => {
      const dashboard = QUEUE_DASHBOARD_PATH.slice(1);
      app.setGlobalPrefix('api', { exclude: ['health', 'ready', dashboard, `${dashboard}/{*path}`] });
      app.useWebSocketAdapter(new RedisIoAdapter(app, config.REDIS_URL));
      if (config.WEB_DIST) serveSpa(app, config.WEB_DIST);
    },
  });
}
