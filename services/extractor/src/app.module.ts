import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import {
  HealthModule,
  loggingModule,
  REDIS,
  RedisModule,
  redisConnectionOptions,
  redisReadiness,
} from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { BrowserModule } from './browser/browser.module';
import { BrowserPoolService } from './browser/browser-pool.service';
import { browserReadiness } from './browser/browser.readiness';
import { ExtractionModule } from './extraction/extraction.module';
import { ExtractorConfig } from './extractor.config';
import { ExtractorConfigModule } from './extractor-config.module';
import { ScreenshotModule } from './screenshot/screenshot.module';

/** The extraction and screenshot worker: no public API, only /health and /ready next to the BullMQ workers. */
@Module({})
export class AppModule {
  static forRoot(config: ExtractorConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ExtractorConfigModule.forRoot(config),
        loggingModule('extractor', config.LOG_LEVEL),
        RedisModule.forRoot(config.REDIS_URL, 'extractor'),
        BullModule.forRoot({ connection: redisConnectionOptions(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
        HealthModule.register({
          imports: [BrowserModule],
          inject: [REDIS, BrowserPoolService],
          useFactory: (redis: Redis, browsers: BrowserPoolService) => [
            redisReadiness(redis),
            browserReadiness(browsers),
          ],
        }),
        ExtractionModule.forRoot(config),
        ScreenshotModule.forRoot(config),
      ],
    };
  }
}
