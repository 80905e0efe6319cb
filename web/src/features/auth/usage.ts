import type { UsageStats } from '@pixtract/contracts';

/** The bar's colour: red at the limit, amber near it, blue otherwise. */
export const usageBarTone = (usage: UsageStats): 'red' | 'amber' | 'blue' =>
  usage.isAtLimit ? 'red' : usage.isNearLimit ? 'amber' : 'blue';
