import { behindGateway, createService, runService } from '@pixtract/service-kit';
import { AppModule } from './app.module';
import { loadExtractorConfig } from './extractor.config';

runService(async () => {
  const config = loadExtractorConfig();
  await createService({
    name: 'extractor',
    module: AppModule.forRoot(config),
    port: config.PORT,
    ...behindGateway(config),
  });
});
