import type { CurrentSubscription } from '@pixtract/contracts';
import { grantsPremium } from '../account/account-state';
import { toSubscriptionPlan } from '../plan/plan.presenter';
import type { SubscriptionPlanEntity } from '../plan/subscription-plan.entity';
import type { UserSubscriptionEntity } from './user-subscription.entity';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The subscription the member's page shows: the one giving premium (active first, then cancelled and still running),
 * else a suspended one (premium ended, payment to fix); pending and finished ones are not "current".
 */
export function currentSubscription(
  subscriptions: UserSubscriptionEntity[],
  now: Date,
): UserSubscriptionEntity | undefined {
  const newestFirst = [...subscriptions].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return (
    newestFirst.find((subscription) => subscription.status === 'active') ??
    newestFirst.find((subscription) => grantsPremium(subscription, now)) ??
    newestFirst.find((subscription) => subscription.status === 'suspended')
  );
}

export function toCurrentSubscription(
  subscription: UserSubscriptionEntity,
  plans: Map<string, SubscriptionPlanEntity>,
): CurrentSubscription {
  const pending = subscription.pendingPlanId ? plans.get(subscription.pendingPlanId) : undefined;
  return {
    plan: toSubscriptionPlan(plans.get(subscription.planId)!),
    status: subscription.status,
    paypalSubscriptionId: subscription.paypalSubscriptionId,
    startDate: iso(subscription.startDate),
    nextBillingDate: iso(subscription.nextBillingDate),
    endDate: iso(subscription.endDate),
    lastPaymentDate: iso(subscription.lastPaymentDate),
    failedPaymentCount: subscription.failedPaymentCount,
    pendingPlan: pending ? toSubscriptionPlan(pending) : null,
    pendingPlanFrom: pending ? iso(subscription.pendingPlanFrom) : null,
  };
}
