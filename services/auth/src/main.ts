import { behindGateway, createService, runService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { loadAuthConfig } from './auth.config';

runService(async () => {
  const config = loadAuthConfig();
  await createService({ name: 'auth', module: AppModule.forRoot(config), port: config.PORT, ...behindGateway(config) });
});
