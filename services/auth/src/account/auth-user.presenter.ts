import { AuthUser, usageStats } from '@pixtract/contracts';
import type { UserEntity } from '../user/user.entity';

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
