type ProgressTone = 'blue' | 'amber' | 'red';

const fills: Record<ProgressTone, string> = { red: 'bg-red-500', amber: 'bg-amber-500', blue: 'bg-blue-600' };

interface ProgressBarProps {
  /** 0–100 */
  percent: number;
  label: string;
  /** Words for the current value, read by screen readers instead of the bare number. */
  valueText?: string;
  tone?: ProgressTone;
  size?: 'md' | 'sm';
  /** Work under way: stripes move across the fill. */
  animated?: boolean;
}

export function ProgressBar({
  percent,
  label,
  valueText,
  tone = 'blue',
  size = 'md',
  animated = false,
}: ProgressBarProps) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
      data-tone={tone}
      className={`${size === 'md' ? 'h-3 dark:bg-slate-800' : 'h-2 dark:bg-slate-700'} w-full overflow-hidden rounded-full bg-slate-200`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 ease-out motion-reduce:transition-none ${fills[tone]} ${
          animated ? 'bg-progress-stripes motion-safe:animate-progress-stripes' : ''
        }`}
        data-animated={animated || undefined}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
