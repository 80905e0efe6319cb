import { behindGateway, createService, runService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { loadZipperConfig } from './zipper.config';

runService(async () => {
  const config = loadZipperConfig();
  // A form post of 10,000 image URLs with their alt texts is a few MB.
  await createService({
    name: 'zipper',
    module: AppModule.forRoot(config),
    port: config.PORT,
    ...behindGateway(config),
    bodyLimit: '5mb',
  });
});
