import { useId } from 'react';

interface LabelledSelectProps<T extends string> {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
  className?: string;
}

/** A small caption above a native select: the archive's sizes and layout beside Download All. */
export function LabelledSelect<T extends string>({
  label,
  value,
  options,
  onChange,
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
        className="h-12 rounded-xl border border-slate-300 bg-white px-3 text-sm focus:outline-2 focus:outline-blue-500/40 dark:border-slate-700 dark:bg-slate-900"
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
