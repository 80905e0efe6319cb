export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden
        className="size-8 animate-spin rounded-full border-4 border-slate-300 border-t-blue-600 dark:border-slate-700 dark:border-t-blue-500"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
