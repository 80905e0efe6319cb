import { useId } from 'react';

interface LabelledSelectProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  /** `lg` stands beside large buttons, `md` beside the others. */
  size?: 'md' | 'lg';
  className?: string;
}

/** A native select with its label above it: the choices beside a download button. */
export function LabelledSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  size = 'lg',
  className = '',
}: LabelledSelectProps<T>) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={`${size === 'lg' ? 'h-12' : 'h-10'} rounded-xl border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-blue-500/40 dark:border-slate-700 dark:bg-slate-900`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
