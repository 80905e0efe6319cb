import type { ReactNode } from 'react';

type AlertTone = 'error' | 'warning';

const tones: Record<AlertTone, string> = {
  error: 'border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200',
  warning: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
};

interface AlertProps {
  tone: AlertTone;
  title?: string;
  children: ReactNode;
  id?: string;
}

export function Alert({ tone, title, children, id }: AlertProps) {
  return (
    <div role="alert" id={id} className={`rounded-xl border px-4 py-3 text-sm ${tones[tone]}`}>
      {title && <p className="font-semibold">{title}</p>}
      <div className={title ? 'mt-1' : undefined}>{children}</div>
    </div>
  );
}
