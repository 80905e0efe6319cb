import { Injectable } from '@nestjs/common';
import type { SubscriptionStatus } from '@pixtract/contracts';
import type { Subscription } from '@paypal/paypal-server-sdk';
import type { EntityManager } from 'typeorm';
import { AccountEventsPublisher } from '../account/account-events.publisher';
import { PayPalClient } from '../paypal/paypal.client';
import { PlansRepository } from '../plan/plans.repository';
import type { SubscriptionPlanEntity } from '../plan/subscription-plan.entity';
import { lockUser } from '../user-lock';
import { UserSubscriptionEntity } from './user-subscription.entity';

const STATUS: Record<string, SubscriptionStatus> = {
  APPROVAL_PENDING: 'pending',
  APPROVED: 'pending',
  ACTIVE: 'active',
  SUSPENDED: 'suspended',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
};

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
 * (the return page, a webhook of any type, a cancel) comes here, which reads it from PayPal, so events that arrive
 * out of order or twice converge on PayPal's state instead of replaying its history:
 * - ACTIVE: premium; a plan that PayPal now bills is taken at once when it is an upgrade, at the end of the paid
 *   cycle when it is a downgrade.
 * - CANCELLED: premium until the end of what was paid (the next billing date it had, or the last payment plus one
 *   interval), then the sweep ends it.
 * - SUSPENDED, EXPIRED: premium ends now.
 */
@Injectable()
export class SubscriptionSync {
  constructor(
    private readonly paypal: PayPalClient,
    private readonly plans: PlansRepository,
    private readonly accountEvents: AccountEventsPublisher,
  ) {}

  /**
   * Reads the subscription from PayPal and applies it inside the caller's transaction; answers the record, or null
   * for a subscription that is not Pixtract's. PayPal is read once the user's lock is held, so a reader that started
   * earlier (a webhook racing a cancel) cannot apply an older state over a newer one. `failedPayment` counts one
   * failed payment (the caller's event is stored once, so a replay does not count it again). PayPal's failures
   * surface as PayPalApiError.
   */
  async reconcile(
    manager: EntityManager,
    paypalSubscriptionId: string,
    now: Date,
    { failedPayment = false } = {},
  ): Promise<UserSubscriptionEntity | null> {
    const known = await manager.findOneBy(UserSubscriptionEntity, { paypalSubscriptionId });
    const userId = known?.userId ?? userIdOf((await this.paypal.getSubscription(paypalSubscriptionId)).customId);
    if (userId === null) return null;
    await lockUser(manager, userId);
    const paypal = await this.paypal.getSubscription(paypalSubscriptionId);
    const billed = paypal.planId ? await this.plans.byPaypalPlanId(paypal.planId) : null;
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
    const plans = await this.plans.all();
    this.update(row, paypal, billed, plans, now);
    if (failedPayment) row.failedPaymentCount += 1;
    await manager.save(row);
    await this.accountEvents.record(manager, userId, now);
    return row;
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
