import type { AuthStatus, AuthUser, PaymentsConfig, SubscriptionPlan } from '@pixtract/contracts';
import { signedIn, signedOut } from './auth-fixtures';

const plan = (
  planId: string,
  name: string,
  interval: 'month' | 'year',
  price: number,
  dailyLimit: number,
  maxImagesPerExtraction: number,
): SubscriptionPlan => ({
  planId,
  name,
  description: '',
  tier: name.toLowerCase() as SubscriptionPlan['tier'],
  price,
  currency: 'USD',
  interval,
  features: ['daily-images', 'per-extraction', 'bulk-zip', 'priority-support'],
  dailyLimit,
  maxImagesPerExtraction,
  isPopular: name === 'Hobby',
});

/** The plans billing seeds, as GET /api/subscription-plans answers them. */
export const PLANS: SubscriptionPlan[] = [
  plan('hobby-monthly', 'Hobby', 'month', 999, 3000, 500),
  plan('hobby-annual', 'Hobby', 'year', 9590, 3000, 500),
  plan('startup-monthly', 'Startup', 'month', 2999, 10_000, 2000),
  plan('startup-annual', 'Startup', 'year', 28_790, 10_000, 2000),
  plan('enterprise-monthly', 'Enterprise', 'month', 9999, 30_000, 10_000),
  plan('enterprise-annual', 'Enterprise', 'year', 95_990, 30_000, 10_000),
];

export const PAYMENTS_CONFIG: PaymentsConfig = {
  clientId: 'test-client',
  sdkUrl: 'http://paypal.test/sdk/js',
  currency: 'USD',
  testPayments: true,
};

/** A registered member with nothing used today (signed in as auth-fixtures' user, its fields overridable). */
export const member = (fields: Partial<AuthUser> = {}): AuthStatus =>
  signedIn({
    email: null,
    displayName: 'Ada',
    usedToday: 0,
    membershipPlan: 'registered',
    membershipStatus: 'none',
    featureTier: 'registered',
    usageStats: { remainingToday: 1500, percentUsed: 0, isAtLimit: false, isNearLimit: false },
    ...fields,
  });

export const VISITOR: AuthStatus = signedOut;

/** The toast area; toasts are found by their title. */
export const TOASTS = { name: /^Notifications/ };
