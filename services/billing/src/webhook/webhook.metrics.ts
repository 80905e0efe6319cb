import { Injectable } from '@nestjs/common';
import { Counter, METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';

/**
 * What became of a PayPal webhook: applied (PayPal's state of its resource read and applied), ignored (a resource
 * PayPal does not know or that is not Pixtract's), duplicate (its event id was seen before), refused (signature,
 * certificate or transmission time not right).
 */
export type WebhookOutcome = 'applied' | 'ignored' | 'duplicate' | 'refused';

@Injectable()
export class WebhookMetrics {
  private readonly webhooks: Counter<'outcome'>;

  constructor(metrics: MetricsRegistry) {
    this.webhooks = metrics.counter({
      name: `${METRIC_PREFIX}billing_webhooks_total`,
      help: 'PayPal webhooks by outcome: applied, ignored (unknown resource), duplicate (replay), refused (unverified)',
      labelNames: ['outcome'],
    });
    for (const outcome of ['applied', 'ignored', 'duplicate', 'refused'] satisfies WebhookOutcome[])
      this.webhooks.inc({ outcome }, 0);
  }

  record(outcome: WebhookOutcome): void {
    this.webhooks.inc({ outcome });
  }
}
