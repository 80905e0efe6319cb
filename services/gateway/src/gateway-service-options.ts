import type { INestApplication } from '@nestjs/common';
import { PAYPAL_WEBHOOK_PATH } from '@pixtract/contracts';
import type { RequestHandler } from 'express';
import type { GatewayConfig } from './gateway.config';
import { RedisIoAdapter } from './progress/redis-io.adapter';
import { sameOrigin } from './security/same-origin';
import { securityHeaders } from './security/security-headers';
import { serveSpa } from './spa/serve-spa';
import { SITE_FILES } from './spa/spa.module';

/**
 * The gateway's public shape, the same in production and in tests. Before any body is read: security headers on
 * every answer (a refused body's answer included) and the origin check of every state-changing request. Then /api
 * routes, socket.io, and the web app.
 */
export function gatewayServiceOptions(config: GatewayConfig): { beforeBodyParsing: RequestHandler[]; rawBodyPaths: string[]; configure: (app: INestApplication) => void } {
  return {
    beforeBodyParsing: [securityHeaders(config), sameOrigin],
    // PayPal signs the webhook's exact bytes: they reach billing unparsed.
    rawBodyPaths: [PAYPAL_WEBHOOK_PATH],
    configure: (app) => {
      app.setGlobalPrefix('api', { exclude: ['health', 'ready', ...SITE_FILES] });
      app.useWebSocketAdapter(new RedisIoAdapter(app, config.REDIS_URL));
      if (config.WEB_DIST) serveSpa(app, config.WEB_DIST);
    },
  };
}
