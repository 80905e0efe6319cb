import { createService, runService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { loadGatewayConfig } from './gateway.config';
import { RedisIoAdapter } from './progress/redis-io.adapter';
import { serveSpa } from './spa/serve-spa';
import { SITE_FILES } from './spa/spa.module';

runService(async () => {
  const config = loadGatewayConfig();
  await createService({
    name: 'gateway',
    module: AppModule.forRoot(config),
    port: config.PORT,
    configure: (app) => {
      app.setGlobalPrefix('api', { exclude: ['health', 'ready', ...SITE_FILES] });
      app.useWebSocketAdapter(new RedisIoAdapter(app, config.REDIS_URL));
      if (config.WEB_DIST) serveSpa(app, config.WEB_DIST);
    },
  });
});
