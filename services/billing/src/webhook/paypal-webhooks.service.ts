import { Inject, Injectable, Logger } from '@nestjs/common';
import { BillingErrorCode, ErrorCode, paypalWebhookEventSchema, type PayPalWebhookEvent } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { IncomingHttpHeaders } from 'node:http';
import type { EntityManager } from 'typeorm';
import { billingError } from '../billing-error';
import { CLOCK, type Clock } from '../clock';
import { DonationsService } from '../donation/donations.service';
import { PayPalApiError } from '../paypal/paypal.client';
import { SubscriptionSync } from '../subscription/subscription-sync.service';
import { SubscriptionsService } from '../subscription/subscriptions.service';
import { WebhookEventRepository } from './webhook-event.repository';
import { WebhookMetrics } from './webhook.metrics';
import { WebhookSignatureVerifier } from './webhook-signature.verifier';

const stringAt = (value: unknown, ...path: string[]): string | undefined => {
  const found = path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    value,
  );
  return typeof found === 'string' ? found : undefined;
};

/**
 * A PayPal webhook: verified, stored once under its event id, then applied in the same transaction. The body only
 * says which resource to look at: the subscription (BILLING.SUBSCRIPTION.*, PAYMENT.SALE.COMPLETED) or the order
 * (PAYMENT.CAPTURE.COMPLETED) is read from PayPal's API and PayPal's answer is what is applied, so a body that
 * verifies but lies (PayPal signs only its CRC32, which can be forged) changes nothing PayPal does not confirm. A
 * resource PayPal does not know (404) is ignored, stored like any event so a replay stays a no-op. A failure rolls
 * the storing back, so PayPal's retry finds the event new.
 */
@Injectable()
export class PayPalWebhooksService {
  private readonly logger = new Logger(PayPalWebhooksService.name);

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly verifier: WebhookSignatureVerifier,
    private readonly events: WebhookEventRepository,
    private readonly sync: SubscriptionSync,
    private readonly subscriptions: SubscriptionsService,
    private readonly donations: DonationsService,
    private readonly metrics: WebhookMetrics,
  ) {}

  async receive(raw: Buffer, headers: IncomingHttpHeaders): Promise<{ duplicate: boolean }> {
    if (!(await this.verifier.verify(raw, headers))) {
      this.metrics.record('refused');
      throw billingError(BillingErrorCode.WebhookUnverified, 400);
    }
    const text = raw.toString('utf8');
    let parsed: ReturnType<typeof paypalWebhookEventSchema.safeParse>;
    try {
      parsed = paypalWebhookEventSchema.safeParse(JSON.parse(text));
    } catch {
      throw new AppException(ErrorCode.MalformedBody, 400);
    }
    if (!parsed.success) throw new AppException(ErrorCode.ValidationFailed, 400);
    const event = parsed.data;
    try {
      const outcome = await this.subscriptions.inTransaction(async (manager) => {
        if (!(await this.events.store(manager, event, text))) return 'duplicate' as const;
        return this.apply(manager, event);
      });
      this.metrics.record(outcome);
      this.logger.log({ msg: `webhook ${outcome}`, eventId: event.id, eventType: event.event_type });
      return { duplicate: outcome === 'duplicate' };
    } catch (error) {
      if (error instanceof PayPalApiError) throw billingError(BillingErrorCode.BillingUnavailable, 503, error);
      throw error;
    }
  }

  private async apply(manager: EntityManager, event: PayPalWebhookEvent): Promise<'applied' | 'ignored'> {
    const type = event.event_type;
    try {
      if (type.startsWith('BILLING.SUBSCRIPTION.') || type === 'PAYMENT.SALE.COMPLETED') {
        const subscriptionId =
          type === 'PAYMENT.SALE.COMPLETED'
            ? stringAt(event.resource, 'billing_agreement_id')
            : stringAt(event.resource, 'id');
        if (!subscriptionId) return 'ignored';
        return (await this.sync.reconcile(manager, subscriptionId, this.clock.now())) ? 'applied' : 'ignored';
      }
      if (type === 'PAYMENT.CAPTURE.COMPLETED') {
        const orderId = stringAt(event.resource, 'supplementary_data', 'related_ids', 'order_id');
        if (!orderId) return 'ignored';
        return (await this.donations.completeIfCaptured(manager, orderId)) ? 'applied' : 'ignored';
      }
    } catch (error) {
      if (!(error instanceof PayPalApiError && error.status === 404)) throw error;
      this.logger.warn({ msg: 'webhook names a resource PayPal does not know', eventId: event.id, eventType: type });
      return 'ignored';
    }
    // Other events are kept for the record only.
    return 'ignored';
  }
}
