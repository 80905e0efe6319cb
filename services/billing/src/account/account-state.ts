import type { AccountState } from '@pixtract/contracts';
import type { SubscriptionPlanEntity } from '../plan/subscription-plan.entity';
import type { UserSubscriptionEntity } from '../subscription/user-subscription.entity';

/** A member with no subscription that counts: registered, with the registered plan's own limits (auth's). */
export const REGISTERED_ACCOUNT: AccountState = {
  role: 'registered',
  membershipPlan: 'registered',
  membershipStatus: 'none',
  dailyLimit: null,
  maxImagesPerExtraction: null,
  subscriptionExpiresAt: null,
  nextBillingDate: null,
  lastPaymentDate: null,
  paypalSubscriptionId: null,
};

/** Premium holds while a subscription is active, and after a cancel until the end of the paid period. */
export function grantsPremium(subscription: UserSubscriptionEntity, now: Date): boolean {
  if (subscription.status === 'active') return true;
  return subscription.status === 'cancelled' && subscription.endDate !== null && subscription.endDate > now;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The account a user's subscriptions make at `now`: premium with the richest plan that grants it (a new subscription
 * may overlap one cancelled and still running), else registered, saying how the last subscription ended.
 */
export function accountStateOf(
  subscriptions: UserSubscriptionEntity[],
  plans: Map<string, SubscriptionPlanEntity>,
  now: Date,
): AccountState {
  const newestFirst = [...subscriptions].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const [premium] = newestFirst
    .filter((subscription) => grantsPremium(subscription, now))
    .sort((a, b) => plans.get(b.planId)!.dailyLimit - plans.get(a.planId)!.dailyLimit);
  if (premium) {
    const plan = plans.get(premium.planId)!;
    const cancelled = premium.status === 'cancelled';
    return {
      role: 'premium',
      membershipPlan: plan.planId,
      membershipStatus: premium.status,
      dailyLimit: plan.dailyLimit,
      maxImagesPerExtraction: plan.maxImagesPerExtraction,
      subscriptionExpiresAt: iso(cancelled ? premium.endDate : premium.nextBillingDate),
      nextBillingDate: iso(cancelled ? null : premium.nextBillingDate),
      lastPaymentDate: iso(premium.lastPaymentDate),
      paypalSubscriptionId: premium.paypalSubscriptionId,
    };
  }
  const last = newestFirst.find((subscription) => subscription.status !== 'pending');
  if (!last) return REGISTERED_ACCOUNT;
  return {
    ...REGISTERED_ACCOUNT,
    // A cancelled subscription that no longer grants premium has run out.
    membershipStatus: last.status === 'cancelled' || last.status === 'active' ? 'expired' : last.status,
    lastPaymentDate: iso(last.lastPaymentDate),
    paypalSubscriptionId: last.paypalSubscriptionId,
  };
}

export function sameAccount(a: AccountState, b: AccountState): boolean {
  return (Object.keys(REGISTERED_ACCOUNT) as Array<keyof AccountState>).every((key) => a[key] === b[key]);
}
