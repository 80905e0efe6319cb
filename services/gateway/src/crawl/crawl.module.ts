import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { UrlPolicyService } from '../extraction/url-policy.service';
import { QueuesModule } from '../queues/queues.module';
import { QuotaModule } from '../quota/quota.module';
import { CrawlEventSlots } from './crawl-event-slots';
import { CrawlEventsListener } from './crawl-events.listener';
import { CrawlFinaliser } from './crawl-finaliser.service';
import { CrawlFrontier } from './crawl-frontier.service';
import { CrawlProgressGateway } from './crawl-progress.gateway';
import { CrawlSweeper } from './crawl-sweeper.service';
import { CrawlWarnings } from './crawl-warnings.service';
import { CrawlController } from './crawl.controller';
import { CrawlQueue } from './crawl.queue';
import { CrawlRepository } from './crawl.repository';
import { CrawlService } from './crawl.service';

/** Crawls: many pages under one id, on the crawl-page queue and the extraction workers (ARCHITECTURE.md, "Flow of one crawl"). */
@Module({
  imports: [QueuesModule, AccountModule, QuotaModule],
  controllers: [CrawlController],
  providers: [
    CrawlService,
    CrawlRepository,
    CrawlQueue,
    CrawlFrontier,
    CrawlFinaliser,
    CrawlEventsListener,
    CrawlEventSlots,
    CrawlProgressGateway,
    CrawlSweeper,
    CrawlWarnings,
    UrlPolicyService,
  ],
  exports: [CrawlService, CrawlRepository],
})
export class CrawlModule {}
