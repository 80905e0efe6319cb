import { NEAR_LIMIT_SHARE, type UsageStats } from '@pixtract/contracts';

/** The seed's client-side usage figures for `used` of `total` images; percentages are capped at 100. */
export function usageOf(used: number, total: number): UsageStats {
  const remainingToday = Math.max(0, total - used);
  return {
    remainingToday,
    percentUsed: total > 0 ? Math.min(100, Math.round((used / total) * 100)) : 100,
    isAtLimit: remainingToday === 0,
    isNearLimit: remainingToday > 0 && remainingToday <= total * NEAR_LIMIT_SHARE,
  };
}

/** The bar's colour: red at the limit, amber near it, blue otherwise. */
export const usageBarTone = (usage: UsageStats): 'red' | 'amber' | 'blue' =>
  usage.isAtLimit ? 'red' : usage.isNearLimit ? 'amber' : 'blue';
