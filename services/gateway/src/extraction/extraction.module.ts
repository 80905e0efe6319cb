import { Module } from '@nestjs/common';
import { ExtractionProgressGateway } from '../progress/extraction-progress.gateway';
import { AccountModule } from '../account/account.module';
import { QuotaModule } from '../quota/quota.module';
import { QueuesModule } from '../queues/queues.module';
import { ExtractionEventsListener } from './extraction-events.listener';
import { ExtractionFinaliser } from './extraction-finaliser.service';
import { ExtractionController } from './extraction.controller';
import { ExtractionQueue } from './extraction.queue';
import { ExtractionRepository } from './extraction.repository';
import { ExtractionService } from './extraction.service';
import { UrlPolicyService } from './url-policy.service';
import { UserActivityController } from './user-activity.controller';

@Module({
  imports: [QueuesModule, AccountModule, QuotaModule],
  controllers: [ExtractionController, UserActivityController],
  providers: [
    ExtractionService,
    ExtractionRepository,
    ExtractionQueue,
    ExtractionFinaliser,
    ExtractionEventsListener,
    ExtractionProgressGateway,
    UrlPolicyService,
  ],
})
export class ExtractionModule {}
