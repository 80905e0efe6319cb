import { createService, runService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { gatewayServiceOptions } from './gateway-service-options';
import { loadGatewayConfig } from './gateway.config';

runService(async () => {
  const config = loadGatewayConfig();
  await createService({ name: 'gateway', module: AppModule.forRoot(config), port: config.PORT, ...gatewayServiceOptions(config) });
});
