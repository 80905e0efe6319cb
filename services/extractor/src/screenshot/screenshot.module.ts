import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { QueueName } from '@pixtract/contracts';
import { BrowserModule } from '../browser/browser.module';
import { CollectorsModule } from '../extraction/collectors/collectors.module';
import { ExtractorConfig } from '../extractor.config';
import { screenshotProcessor } from './screenshot.processor';
import { ScreenshotService } from './screenshot.service';

@Module({})
export class ScreenshotModule {
  static forRoot(config: ExtractorConfig): DynamicModule {
    return {
      module: ScreenshotModule,
      imports: [BullModule.registerQueue({ name: QueueName.Screenshot }), BrowserModule, CollectorsModule],
      providers: [ScreenshotService, screenshotProcessor(config)],
    };
  }
}
