import type { AuthStatus, AuthUser, PaymentsConfig, SubscriptionPlan } from '@pixtract/contracts';

const plan = (planId: string, name: string, interval: 'month' | 'year', price: number, dailyLimit: number, maxImagesPerExtraction: number): SubscriptionPlan => ({
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

export const PAYMENTS_CONFIG: PaymentsConfig = { clientId: 'test-client', sdkUrl: 'http://paypal.test/sdk/js', currency: 'USD', testPayments: true };

export const member = (fields: Partial<AuthUser> = {}): AuthStatus => ({
  isAuthenticated: true,
  user: {
    id: 7,
    username: 'ada',
    email: null,
    displayName: 'Ada',
    role: 'registered',
    dailyLimit: 1500,
    usedToday: 0,
    maxImagesPerExtraction: 100,
    membershipPlan: 'registered',
    membershipStatus: 'none',
    featureTier: 'registered',
    subscriptionExpiresAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    usageStats: { remainingToday: 1500, percentUsed: 0, isAtLimit: false, isNearLimit: false },
    ...fields,
  },
});

export const VISITOR: AuthStatus = { isAuthenticated: false, user: null };

/** The toast area; toasts are found by their title. */
export const TOASTS = { name: /^Notifications/ };
