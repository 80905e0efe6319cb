import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { CLOCK, type Clock } from '../clock';
import { PeriodicPass } from '../periodic-pass';
import { SubscriptionMetrics } from './subscription.metrics';
import { SubscriptionSync } from './subscription-sync.service';
import { SubscriptionsService } from './subscriptions.service';

/**
 * The periodic check that no account pays twice, for what no event told billing (webhooks lost, a return page never
 * reached). PayPal cannot list a customer's subscriptions, so every subscription billing created that PayPal may
 * still bill (pending, active, suspended here; cancelled and expired are final at PayPal) is read from PayPal and
 * applied, the user's active one first: any other that PayPal bills is cancelled there (SubscriptionSync), logged
 * and counted. Runs every SUBSCRIPTION_RECONCILE_INTERVAL_MS; per-user locked and idempotent, so replicas may run
 * it together.
 */
@Injectable()
export class SubscriptionReconciliation implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SubscriptionReconciliation.name);
  private readonly pass = new PeriodicPass(
    () => this.reconcileAll(),
    (error) => this.logger.error({ msg: 'subscription reconciliation failed', err: error }),
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly sync: SubscriptionSync,
    private readonly subscriptions: SubscriptionsService,
    private readonly metrics: SubscriptionMetrics,
  ) {}

  onModuleInit(): void {
    this.pass.start(this.config.SUBSCRIPTION_RECONCILE_INTERVAL_MS);
  }

  onApplicationShutdown(): void {
    this.pass.stop();
  }

  /** One pass over every subscription PayPal may still bill; concurrent calls share it. */
  run(): Promise<void> {
    return this.pass.run();
  }

  private async reconcileAll(): Promise<void> {
    const live = await this.dataSource
      .query<Array<{ paypalSubscriptionId: string; userId: number }>>(
        `SELECT "paypalSubscriptionId", "userId" FROM "user_subscriptions"
          WHERE "status" IN ('pending', 'active', 'suspended')
          ORDER BY "userId", "status" = 'active' DESC, "createdAt", "id"`,
      )
      .catch((error: unknown) => {
        this.logger.error({ msg: 'subscription reconciliation could not read subscriptions', err: error });
        return [];
      });
    for (const { paypalSubscriptionId, userId } of live) {
      try {
        await this.subscriptions.inTransaction((manager) =>
          this.sync.reconcile(manager, paypalSubscriptionId, this.clock.now(), { foundBy: 'reconciliation' }),
        );
        this.metrics.reconciled('checked');
      } catch (error) {
        this.metrics.reconciled('failed');
        this.logger.error({ msg: 'subscription not reconciled', userId, paypalSubscriptionId, err: error });
      }
    }
    this.logger.log({ msg: 'subscriptions reconciled with PayPal', checked: live.length });
  }
}
