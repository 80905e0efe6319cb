import type { AuthStatus, AuthUser } from '@pixtract/contracts';

/** A signed-in user as GET /api/auth/status describes them. */
export const authUser = (fields: Partial<AuthUser> = {}): AuthUser => ({
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  role: 'registered',
  dailyLimit: 1500,
  usedToday: 1400,
  maxImagesPerExtraction: 100,
  membershipPlan: 'free',
  membershipStatus: 'active',
  featureTier: 'free',
  subscriptionExpiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  usageStats: { remainingToday: 100, percentUsed: 93, isAtLimit: false, isNearLimit: true },
  ...fields,
});

export const signedIn = (fields?: Partial<AuthUser>): AuthStatus => ({
  isAuthenticated: true,
  user: authUser(fields),
  googleSignIn: false,
  googleTestSignIn: false,
});

export const signedOut: AuthStatus = {
  isAuthenticated: false,
  user: null,
  googleSignIn: false,
  googleTestSignIn: false,
};
