import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AccountEventsPublisher } from '../account/account-events.publisher';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { CLOCK, type Clock } from '../clock';
import { PeriodicPass } from '../periodic-pass';
import { lockUser } from '../user-lock';
import { UserSubscriptionEntity } from './user-subscription.entity';

/**
 * What happens at a date rather than on an event: a cancelled subscription's paid period ends (premium ends with it)
 * and a downgrade takes over at the end of its cycle. Runs every SUBSCRIPTION_SWEEP_INTERVAL_MS on billing's clock
 * and publishes any account event still waiting. Idempotent and per-user locked, so replicas may sweep together.
 */
@Injectable()
export class SubscriptionSweep implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SubscriptionSweep.name);
  private readonly pass = new PeriodicPass(
    () => this.sweepDue(),
    (error) => this.logger.error({ msg: 'subscription sweep failed', err: error }),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly accountEvents: AccountEventsPublisher,
  ) {}

  onModuleInit(): void {
    this.pass.start(this.config.SUBSCRIPTION_SWEEP_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    this.pass.stop();
  }

  /** Applies what is due now; answers how many users' subscriptions changed. */
  sweep(): Promise<number> {
    return this.pass.run();
  }

  private async sweepDue(): Promise<number> {
    const now = this.clock.now();
    const due: Array<{ userId: number }> = await this.dataSource.query(
      `SELECT DISTINCT "userId" FROM "user_subscriptions"
        WHERE ("status" = 'cancelled' AND "endDate" <= $1) OR ("pendingPlanId" IS NOT NULL AND "pendingPlanFrom" <= $1)`,
      [now],
    );
    for (const { userId } of due) {
      await this.dataSource.transaction(async (manager) => {
        await lockUser(manager, userId);
        const subscriptions = await manager.findBy(UserSubscriptionEntity, { userId });
        for (const subscription of subscriptions) {
          if (subscription.status === 'cancelled' && subscription.endDate && subscription.endDate <= now)
            subscription.status = 'expired';
          if (subscription.pendingPlanId && subscription.pendingPlanFrom && subscription.pendingPlanFrom <= now) {
            subscription.planId = subscription.pendingPlanId;
            subscription.pendingPlanId = null;
            subscription.pendingPlanFrom = null;
          }
        }
        await manager.save(subscriptions);
        await this.accountEvents.record(manager, userId, now);
      });
      this.logger.log({ msg: 'subscription period ended or downgrade applied', userId });
    }
    await this.accountEvents.flush();
    return due.length;
  }
}
