import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@pixtract/contracts';
import { BrowserModule } from '../browser/browser.module';
import { crawlPageProcessor } from '../crawl/crawl-page.processor';
import { CRAWL_PROVIDERS } from '../crawl/crawl.providers';
import { ExtractorConfig } from '../extractor.config';
import { BrowserVisitService } from './browser-visit/browser-visit.service';
import { CollectorsModule } from './collectors/collectors.module';
import { extractionProcessor } from './extraction.processor';
import { ExtractionMetrics } from './extraction.metrics';
import { ExtractionService } from './extraction.service';
import { ImageMeasurerService } from './measuring/image-measurer.service';
import { StaticPageService } from './static-read/static-page.service';

@Module({})
export class ExtractionModule {
  static forRoot(config: ExtractorConfig): DynamicModule {
    return {
      module: ExtractionModule,
      // Registering a queue is also what makes @nestjs/bullmq start its processor's worker.
      imports: [
        BullModule.registerQueue({ name: QueueName.Extraction }, { name: QueueName.CrawlPage }),
        BrowserModule,
        CollectorsModule,
      ],
      providers: [
        StaticPageService,
        BrowserVisitService,
        ImageMeasurerService,
        ExtractionService,
        ExtractionMetrics,
        extractionProcessor(config),
        crawlPageProcessor(config),
        ...CRAWL_PROVIDERS,
      ],
    };
  }
}
