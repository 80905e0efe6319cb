import { Injectable } from '@nestjs/common';
import { Counter, METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';

/**
 * Where a second subscription of one account was found: as it became active (a webhook, the return page, a new
 * choice of plan) or by the periodic reconciliation, which reads every live subscription from PayPal.
 */
export type DuplicateFoundBy = 'activation' | 'reconciliation';

/** Billing's subscriptions: duplicates cancelled at PayPal, and the reconciliation's checks. */
@Injectable()
export class SubscriptionMetrics {
  private readonly duplicates: Counter<'found_by'>;
  private readonly checks: Counter<'outcome'>;

  constructor(metrics: MetricsRegistry) {
    this.duplicates = metrics.counter({
      name: `${METRIC_PREFIX}billing_duplicate_subscriptions_cancelled_total`,
      help: 'Subscriptions cancelled at PayPal because their user already had another one, by where they were found',
      labelNames: ['found_by'],
    });
    this.checks = metrics.counter({
      name: `${METRIC_PREFIX}billing_subscription_reconciliations_total`,
      help: 'Subscriptions the periodic reconciliation read from PayPal, by outcome: checked or failed',
      labelNames: ['outcome'],
    });
    for (const foundBy of ['activation', 'reconciliation'] satisfies DuplicateFoundBy[])
      this.duplicates.inc({ found_by: foundBy }, 0);
    for (const outcome of ['checked', 'failed']) this.checks.inc({ outcome }, 0);
  }

  duplicateCancelled(foundBy: DuplicateFoundBy): void {
    this.duplicates.inc({ found_by: foundBy });
  }

  reconciled(outcome: 'checked' | 'failed'): void {
    this.checks.inc({ outcome });
  }
}
