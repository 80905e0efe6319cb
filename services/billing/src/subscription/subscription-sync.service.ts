import { Injectable, Logger } from '@nestjs/common';
import type { SubscriptionStatus } from '@pixtract/contracts';
import { SubscriptionStatus as PayPalSubscriptionStatus, type Subscription } from '@paypal/paypal-server-sdk';
import type { EntityManager } from 'typeorm';
import { AccountEventsPublisher } from '../account/account-events.publisher';
import { PayPalApiError, PayPalClient } from '../paypal/paypal.client';
import { PlansRepository } from '../plan/plans.repository';
import type { SubscriptionPlanEntity } from '../plan/subscription-plan.entity';
import { lockUser } from '../user-lock';
import { SubscriptionMetrics, type DuplicateFoundBy } from './subscription.metrics';
import { UserSubscriptionEntity } from './user-subscription.entity';

const STATUS: Record<string, SubscriptionStatus> = {
  APPROVAL_PENDING: 'pending',
  APPROVED: 'pending',
  ACTIVE: 'active',
  SUSPENDED: 'suspended',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
};

/** PayPal states in which a subscription bills, or may bill again: only one per account may be in one of them. */
const LIVE_AT_PAYPAL = new Set(['APPROVED', 'ACTIVE', 'SUSPENDED']);

/** The reason billing gives PayPal when it cancels a second subscription of one account (also its cancelReason). */
export const DUPLICATE_CANCEL_REASON = 'Cancelled by Pixtract: the member already has a subscription';

const date = (text: string | undefined) => (text ? new Date(text) : null);

/** The end of one billing interval of the plan after `from`. */
function afterOneInterval(from: Date, plan: SubscriptionPlanEntity): Date {
  const end = new Date(from);
  if (plan.interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * Makes billing's record of a subscription say what PayPal says now. Every path that learns about a subscription
 * (the return page, a webhook of any type, a cancel, a new choice of plan, the periodic reconciliation) comes here,
 * which reads it from PayPal, so events that arrive out of order or twice converge on PayPal's state instead of
 * replaying its history:
 * - ACTIVE: premium; a plan that PayPal now bills is taken at once when it is an upgrade, at the end of the paid
 *   cycle when it is a downgrade.
 * - CANCELLED: premium until the end of what was paid (the next billing date it had, or the last payment plus one
 *   interval), then the sweep ends it.
 * - SUSPENDED, EXPIRED: premium ends now.
 * One paid subscription per account: a subscription live at PayPal that is not the user's active one, while that
 * one is still active at PayPal, is a second subscription (an older approval link used late, two plans approved
 * in parallel): it is cancelled at PayPal and ends at once. The first one activated stays.
 */
@Injectable()
export class SubscriptionSync {
  private readonly logger = new Logger(SubscriptionSync.name);

  constructor(
    private readonly paypal: PayPalClient,
    private readonly plans: PlansRepository,
    private readonly accountEvents: AccountEventsPublisher,
    private readonly metrics: SubscriptionMetrics,
  ) {}

  /**
   * Reads the subscription from PayPal and applies it inside the caller's transaction; answers the record, or null
   * for a subscription that is not Pixtract's. PayPal is read once the user's lock is held, so a reader that started
   * earlier (a webhook racing a cancel) cannot apply an older state over a newer one. `foundBy` names the caller in
   * the count of duplicates. PayPal's failures surface as PayPalApiError (404: PayPal does not know it).
   */
  async reconcile(
    manager: EntityManager,
    paypalSubscriptionId: string,
    now: Date,
    { foundBy = 'activation' }: { foundBy?: DuplicateFoundBy } = {},
  ): Promise<UserSubscriptionEntity | null> {
    const known = await manager.findOneBy(UserSubscriptionEntity, { paypalSubscriptionId });
    const userId = known?.userId ?? userIdOf((await this.paypal.getSubscription(paypalSubscriptionId)).customId);
    if (userId === null) return null;
    await lockUser(manager, userId);
    const paypal = await this.paypal.getSubscription(paypalSubscriptionId);
    const billed = paypal.planId ? await this.plans.byPaypalPlanId(paypal.planId, manager) : null;
    if (!known && !billed) return null;
    const row =
      (await manager.findOne(UserSubscriptionEntity, {
        where: { paypalSubscriptionId },
        lock: { mode: 'pessimistic_write' },
      })) ??
      manager.create(UserSubscriptionEntity, {
        userId,
        planId: billed!.planId,
        paypalSubscriptionId,
        status: 'pending',
        failedPaymentCount: 0,
      });
    const plans = await this.plans.all(manager);
    if (
      row.status !== 'active' &&
      LIVE_AT_PAYPAL.has(paypal.status ?? '') &&
      (await this.anotherStillActive(manager, row, plans, now))
    ) {
      await this.endDuplicate(row, now);
      this.metrics.duplicateCancelled(foundBy);
      this.logger.warn({ msg: 'second subscription cancelled at PayPal', userId, paypalSubscriptionId, foundBy });
    } else {
      this.update(row, paypal, billed, plans, now);
      row.failedPaymentCount = paypal.billingInfo?.failedPaymentsCount ?? row.failedPaymentCount;
    }
    await manager.save(row);
    await this.accountEvents.record(manager, userId, now);
    return row;
  }

  /**
   * Whether the user's active subscription is another one that PayPal still bills. Billing's record of it may be
   * behind (cancelled or suspended at PayPal, the event not here yet): then it is brought up to date, and the
   * subscription in hand may take its place.
   */
  private async anotherStillActive(
    manager: EntityManager,
    row: UserSubscriptionEntity,
    plans: Map<string, SubscriptionPlanEntity>,
    now: Date,
  ): Promise<boolean> {
    const active = await manager.findOne(UserSubscriptionEntity, {
      where: { userId: row.userId, status: 'active' },
      lock: { mode: 'pessimistic_write' },
    });
    if (!active || active.paypalSubscriptionId === row.paypalSubscriptionId) return false;
    const paypal = await this.paypal.getSubscription(active.paypalSubscriptionId);
    if (paypal.status === PayPalSubscriptionStatus.Active) return true;
    const billed = paypal.planId ? await this.plans.byPaypalPlanId(paypal.planId, manager) : null;
    this.update(active, paypal, billed, plans, now);
    await manager.save(active);
    return false;
  }

  /** Cancels a second subscription at PayPal; it ends now (the account's premium comes from the one it has). */
  private async endDuplicate(row: UserSubscriptionEntity, now: Date): Promise<void> {
    await this.paypal.cancelSubscription(row.paypalSubscriptionId, DUPLICATE_CANCEL_REASON).catch((error: unknown) => {
      // Not cancellable any more (cancelled there meanwhile): PayPal's state, read below, decides.
      if (!(error instanceof PayPalApiError && error.status === 422)) throw error;
    });
    const paypal = await this.paypal.getSubscription(row.paypalSubscriptionId);
    if (LIVE_AT_PAYPAL.has(paypal.status ?? ''))
      throw new PayPalApiError(502, undefined, `PayPal still bills ${row.paypalSubscriptionId} after its cancel`);
    row.status = paypal.status === PayPalSubscriptionStatus.Expired ? 'expired' : 'cancelled';
    row.startDate ??= date(paypal.startTime);
    row.endDate = now;
    row.lastPaymentDate = date(paypal.billingInfo?.lastPayment?.time) ?? row.lastPaymentDate;
    row.nextBillingDate = null;
    row.pendingPlanId = null;
    row.pendingPlanFrom = null;
    row.approvalUrl = null;
    row.cancelReason = DUPLICATE_CANCEL_REASON;
  }

  private update(
    row: UserSubscriptionEntity,
    paypal: Subscription,
    billed: SubscriptionPlanEntity | null,
    plans: Map<string, SubscriptionPlanEntity>,
    now: Date,
  ): void {
    const status = STATUS[paypal.status ?? ''] ?? row.status;
    const info = paypal.billingInfo;
    const lastPayment = date(info?.lastPayment?.time);
    if (lastPayment) row.lastPaymentDate = lastPayment;
    switch (status) {
      case 'active':
        row.status = 'active';
        row.startDate ??= date(paypal.startTime) ?? now;
        row.nextBillingDate = date(info?.nextBillingTime) ?? row.nextBillingDate;
        row.endDate = null;
        row.approvalUrl = null;
        if (billed) this.followPlan(row, billed, plans.get(row.planId)!, now);
        return;
      case 'cancelled':
        if (row.status === 'cancelled' || row.status === 'expired') return;
        row.endDate = paidUntil(row, plans.get(row.planId)!, now);
        row.status = 'cancelled';
        row.cancelReason ??= paypal.statusChangeNote ?? null;
        row.nextBillingDate = null;
        row.pendingPlanId = null;
        row.pendingPlanFrom = null;
        row.approvalUrl = null;
        return;
      case 'suspended':
      case 'expired':
        if (row.status !== status) row.endDate = now;
        row.status = status;
        row.nextBillingDate = null;
        row.approvalUrl = null;
        return;
      default:
      // Still waiting for the buyer: nothing changes.
    }
  }

  /** The plan PayPal bills: an upgrade applies now, a downgrade from the end of the paid cycle. */
  private followPlan(
    row: UserSubscriptionEntity,
    billed: SubscriptionPlanEntity,
    current: SubscriptionPlanEntity,
    now: Date,
  ): void {
    if (billed.planId === row.planId) {
      row.pendingPlanId = null;
      row.pendingPlanFrom = null;
    } else if (billed.dailyLimit >= current.dailyLimit) {
      row.planId = billed.planId;
      row.pendingPlanId = null;
      row.pendingPlanFrom = null;
    } else if (row.pendingPlanId !== billed.planId) {
      row.pendingPlanId = billed.planId;
      row.pendingPlanFrom = row.nextBillingDate ?? now;
    }
  }
}

/** Paid through: the billing date it had, or one interval after the last payment; at least now. */
function paidUntil(row: UserSubscriptionEntity, plan: SubscriptionPlanEntity, now: Date): Date {
  const candidates = [row.nextBillingDate, row.lastPaymentDate && afterOneInterval(row.lastPaymentDate, plan)].filter(
    (value): value is Date => value instanceof Date,
  );
  return candidates.reduce<Date>((latest, value) => (value > latest ? value : latest), now);
}

/** Pixtract puts the user's id in custom_id. */
function userIdOf(customId: string | undefined): number | null {
  return customId && /^[1-9]\d{0,9}$/.test(customId) ? Number(customId) : null;
}
