import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { QueueName } from '@pixtract/contracts';
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
import { AccountEventsPublisher } from './account/account-events.publisher';
import { AccountEventsRepository } from './account/account-events.repository';
import { BILLING_CONFIG, BillingConfig } from './billing.config';
import { CLOCK, OffsetClock } from './clock';
import { DonationEntity } from './donation/donation.entity';
import { DonationsController } from './donation/donations.controller';
import { DonationsService } from './donation/donations.service';
import { CreateSubscriptionPlans1763740200000 } from './migrations/1763740200000-create-subscription-plans';
import { SeedSubscriptionPlans1764100000000 } from './migrations/1764100000000-seed-subscription-plans';
import { CreateSubscriptionsDonationsWebhooks1764100100000 } from './migrations/1764100100000-create-subscriptions-donations-webhooks';
import { OneActiveSubscriptionPerUser1765000000000 } from './migrations/1765000000000-one-active-subscription-per-user';
import { PayPalCatalog } from './paypal/paypal-catalog.service';
import { PayPalClient } from './paypal/paypal.client';
import { PlansController } from './plan/plans.controller';
import { PlansRepository } from './plan/plans.repository';
import { SubscriptionPlanEntity } from './plan/subscription-plan.entity';
import { SubscriptionReconciliation } from './subscription/subscription-reconciliation.service';
import { SubscriptionSweep } from './subscription/subscription-sweep.service';
import { SubscriptionMetrics } from './subscription/subscription.metrics';
import { SubscriptionSync } from './subscription/subscription-sync.service';
import { SubscriptionsController } from './subscription/subscriptions.controller';
import { SubscriptionsService } from './subscription/subscriptions.service';
import { UserSubscriptionEntity } from './subscription/user-subscription.entity';
import { TestClockController } from './test-clock/test-clock.controller';
import { PayPalWebhookController } from './webhook/paypal-webhook.controller';
import { PayPalWebhooksService } from './webhook/paypal-webhooks.service';
import { WebhookEventRepository } from './webhook/webhook-event.repository';
import { WebhookSignatureVerifier } from './webhook/webhook-signature.verifier';
import { WebhookMetrics } from './webhook/webhook.metrics';

@Module({})
export class AppModule {
  /** `clock` is the time subscriptions are reckoned in; tests pass their own. */
  static forRoot(config: BillingConfig, clock: OffsetClock = new OffsetClock()): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceConfigModule.forRoot(BILLING_CONFIG, config),
        loggingModule('billing', config.LOG_LEVEL),
        postgresModule(
          config.DATABASE_URL,
          [SubscriptionPlanEntity, UserSubscriptionEntity, DonationEntity],
          [
            CreateSubscriptionPlans1763740200000,
            SeedSubscriptionPlans1764100000000,
            CreateSubscriptionsDonationsWebhooks1764100100000,
            OneActiveSubscriptionPerUser1765000000000,
          ],
        ),
        RedisModule.forRoot(config.REDIS_URL, 'billing'),
        BullModule.forRoot({ connection: redisConnectionOptions(config.REDIS_URL), prefix: config.QUEUE_PREFIX }),
        BullModule.registerQueue({ name: QueueName.AccountEvents }),
        HealthModule.register({
          inject: [getDataSourceToken(), REDIS],
          useFactory: (dataSource, redis) => [postgresReadiness(dataSource), redisReadiness(redis)],
        }),
      ],
      controllers: [
        PlansController,
        SubscriptionsController,
        DonationsController,
        PayPalWebhookController,
        ...(config.BILLING_TEST_CLOCK ? [TestClockController] : []),
      ],
      providers: [
        { provide: CLOCK, useValue: clock },
        PayPalClient,
        PayPalCatalog,
        PlansRepository,
        AccountEventsRepository,
        AccountEventsPublisher,
        SubscriptionMetrics,
        SubscriptionSync,
        SubscriptionsService,
        SubscriptionSweep,
        SubscriptionReconciliation,
        DonationsService,
        WebhookEventRepository,
        WebhookSignatureVerifier,
        WebhookMetrics,
        PayPalWebhooksService,
      ],
    };
  }
}
