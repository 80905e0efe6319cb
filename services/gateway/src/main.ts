import { PAYPAL_WEBHOOK_PATH } from '@pixtract/contracts';
import { createService, runService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { loadGatewayConfig } from './gateway.config';
import { RedisIoAdapter } from './progress/redis-io.adapter';
import { serveSpa } from './spa/serve-spa';

runService(async () => {
  const config = loadGatewayConfig();
  await createService({
    name: 'gateway',
    module: AppModule.forRoot(config),
    port: config.PORT,
    // PayPal signs the webhook's exact bytes: they reach billing unparsed.
    rawBodyPaths: [PAYPAL_WEBHOOK_PATH],
    configure: (app) => {
      app.setGlobalPrefix('api', { exclude: ['health', 'ready'] });
      app.useWebSocketAdapter(new RedisIoAdapter(app, config.REDIS_URL));
      if (config.WEB_DIST) serveSpa(app, config.WEB_DIST);
    },
  });
});
