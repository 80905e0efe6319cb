import type { ComponentProps } from 'react';

/** The × in the top corner that closes a dialog or dismisses a card; `label` names what it closes. */
export function CloseButton({ label, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className="absolute end-3 top-3 rounded-lg px-2.5 py-1 text-lg text-slate-500 hover:bg-slate-900/5 dark:hover:bg-slate-800"
      {...props}
    >
      ×
    </button>
  );
}
