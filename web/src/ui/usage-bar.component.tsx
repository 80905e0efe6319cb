import type { UsageStats } from '@pixtract/contracts';
import { usageBarTone } from '../features/auth/usage';
import { ProgressBar } from './progress-bar.component';

/** How much of a quota is used: red at the limit, amber near it, blue otherwise. */
export function UsageBar({ usage, label }: { usage: UsageStats; label: string }) {
  return <ProgressBar percent={usage.percentUsed} label={label} tone={usageBarTone(usage)} size="sm" />;
}
