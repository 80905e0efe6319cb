import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import {
  HealthModule,
  REDIS,
  RedisModule,
  ServiceConfigModule,
  loggingModule,
  postgresModule,
  postgresReadiness,
  redisConnectionOptions,
  redisReadiness,
} from '@pixtract/service-kit';
import { BlogModule } from './blog/blog.module';
import {
  AddCommentByAdministrator1764310000000,
  CommentsModule,
  CreateComments1764100000000,
} from './comments/comments.module';
import { BillingModule } from './billing/billing.module';
import { ApiDocsModule } from './api-docs/api-docs.module';
import { CrawlFileEntity } from './crawl/crawl-file.entity';
import { CrawlPageEntity } from './crawl/crawl-page.entity';
import { CrawlEntity } from './crawl/crawl.entity';
import { CrawlModule } from './crawl/crawl.module';
import { CreateCrawls1764300000000 } from './crawl/migrations/1764300000000-create-crawls';
import { IndexCrawlPhotoLinks1764320000000 } from './crawl/migrations/1764320000000-index-crawl-photo-links';
import { EdgeModule } from './edge/edge.module';
import { ExtractedFileEntity } from './extraction/extracted-file.entity';
import { ExtractionEntity } from './extraction/extraction.entity';
import { ExtractionModule } from './extraction/extraction.module';
import { GATEWAY_CONFIG, GatewayConfig } from './gateway.config';
import { MediaModule } from './media/media.module';
import { CreateExtractions1763740000000 } from './migrations/1763740000000-create-extractions';
import { AddExtractionOwner1763950000000 } from './migrations/1763950000000-add-extraction-owner';
import { AddExtractionNoticeCodes1764000000000 } from './migrations/1764000000000-add-extraction-notice-codes';
import { AddExtractionAddressAndOptions1764110000000 } from './migrations/1764110000000-add-extraction-address-and-options';
import { AddFileVariantsAndKind1764200000000 } from './migrations/1764200000000-add-file-variants-and-kind';
import { CreateNewsletterSubscribers1763900000000, NewsletterModule } from './newsletter/newsletter.module';
import { QueuesModule } from './queues/queues.module';
import { SpaModule } from './spa/spa.module';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceConfigModule.forRoot(GATEWAY_CONFIG, config),
        loggingModule('gateway', config.LOG_LEVEL),
        postgresModule(
          config.DATABASE_URL,
          [ExtractionEntity, ExtractedFileEntity, CrawlEntity, CrawlPageEntity, CrawlFileEntity],
          [
            CreateExtractions1763740000000,
            CreateNewsletterSubscribers1763900000000,
            AddExtractionOwner1763950000000,
            AddExtractionNoticeCodes1764000000000,
            CreateComments1764100000000,
            AddExtractionAddressAndOptions1764110000000,
            AddFileVariantsAndKind1764200000000,
            CreateCrawls1764300000000,
            AddCommentByAdministrator1764310000000,
            IndexCrawlPhotoLinks1764320000000,
          ],
        ),
        RedisModule.forRoot(config.REDIS_URL, 'gateway'),
        BullModule.forRoot({ connection: redisConnectionOptions(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
        HealthModule.register({
          inject: [getDataSourceToken(), REDIS],
          useFactory: (dataSource, redis) => [postgresReadiness(dataSource), redisReadiness(redis)],
        }),
        EdgeModule,
        ExtractionModule,
        CrawlModule,
        NewsletterModule,
        MediaModule,
        CommentsModule,
        BlogModule,
        BillingModule,
        QueuesModule,
        ApiDocsModule,
        SpaModule,
      ],
    };
  }
}
