import { PAYPAL_WEBHOOK_PATH } from '@pixtract/contracts';
import { behindGateway, createService, loadConfig, runService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { billingConfigSchema } from './billing.config';

runService(async () => {
  const config = loadConfig('billing', billingConfigSchema);
  await createService({
    name: 'billing',
    module: AppModule.forRoot(config),
    port: config.PORT,
    ...behindGateway(config),
    rawBodyPaths: [PAYPAL_WEBHOOK_PATH],
  });
});
