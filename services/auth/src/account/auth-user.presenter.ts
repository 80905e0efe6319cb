import { AuthUser, NEAR_LIMIT_SHARE, UsageStats } from '@pixtract/contracts';
import type { UserEntity } from '../user/user.entity';

/** The seed's client-side usage block, from the day's total and what is used of it. */
export function usageStats(total: number, used: number): UsageStats {
  const remainingToday = Math.max(total - used, 0);
  return {
    remainingToday,
    percentUsed: total === 0 ? 100 : Math.min(100, Math.round((used / total) * 1000) / 10),
    isAtLimit: remainingToday === 0,
    isNearLimit: remainingToday <= total * NEAR_LIMIT_SHARE,
  };
}

/** A user as the browser sees it: never the password hash or payment identifiers. */
export function toAuthUser(
  user: UserEntity,
  dailyLimit: number,
  maxImagesPerExtraction: number,
  usedToday: number,
): AuthUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    dailyLimit,
    usedToday,
    maxImagesPerExtraction,
    membershipPlan: user.membershipPlan,
    membershipStatus: user.membershipStatus,
    featureTier: user.featureTier,
    subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    usageStats: usageStats(dailyLimit, usedToday),
  };
}
