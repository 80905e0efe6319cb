import { Inject, Injectable, Logger } from '@nestjs/common';
import { BillingErrorCode, ErrorCode, paypalWebhookEventSchema, type PayPalWebhookEvent } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { IncomingHttpHeaders } from 'node:http';
import { billingError } from '../billing-error';
import { CLOCK, type Clock } from '../clock';
import { DonationsService } from '../donation/donations.service';
import { PayPalApiError } from '../paypal/paypal.client';
import { SubscriptionSync } from '../subscription/subscription-sync.service';
import { SubscriptionsService } from '../subscription/subscriptions.service';
import { WebhookEventRepository } from './webhook-event.repository';
import { WebhookSignatureVerifier } from './webhook-signature.verifier';

const stringAt = (value: unknown, ...path: string[]): string | undefined => {
  const found = path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    value,
  );
  return typeof found === 'string' ? found : undefined;
};

/**
 * A PayPal webhook: verified, stored once under its event id, then applied in the same transaction. Subscription
 * events are applied by reading the subscription from PayPal (so order and repeats do not matter); a failed payment
 * also counts once; a completed capture completes its donation. A failure rolls the storing back, so PayPal's retry
 * finds the event new.
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
  ) {}

  async receive(raw: Buffer, headers: IncomingHttpHeaders): Promise<{ duplicate: boolean }> {
    if (!(await this.verifier.verify(raw, headers))) throw billingError(BillingErrorCode.WebhookUnverified, 400);
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
      const stored = await this.subscriptions.inTransaction(async (manager) => {
        if (!(await this.events.store(manager, event, text))) return false;
        await this.apply(manager, event);
        return true;
      });
      this.logger.log({
        msg: stored ? 'webhook applied' : 'webhook already applied',
        eventId: event.id,
        eventType: event.event_type,
      });
      return { duplicate: !stored };
    } catch (error) {
      if (error instanceof PayPalApiError) throw billingError(BillingErrorCode.BillingUnavailable, 503, error);
      throw error;
    }
  }

  private async apply(manager: Parameters<SubscriptionSync['reconcile']>[0], event: PayPalWebhookEvent): Promise<void> {
    const type = event.event_type;
    if (type.startsWith('BILLING.SUBSCRIPTION.') || type === 'PAYMENT.SALE.COMPLETED') {
      const subscriptionId =
        type === 'PAYMENT.SALE.COMPLETED'
          ? stringAt(event.resource, 'billing_agreement_id')
          : stringAt(event.resource, 'id');
      if (!subscriptionId) return;
      await this.sync.reconcile(manager, subscriptionId, this.clock.now(), {
        failedPayment: type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      });
      return;
    }
    if (type === 'PAYMENT.CAPTURE.COMPLETED') {
      const orderId = stringAt(event.resource, 'supplementary_data', 'related_ids', 'order_id');
      const captureId = stringAt(event.resource, 'id');
      if (orderId && captureId) await this.donations.captured(manager, orderId, captureId);
    }
    // Other events are kept for the record only.
  }
}
