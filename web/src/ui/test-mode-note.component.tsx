interface TestModeNoteProps {
  /** What is a test here ("Test payments"). */
  label: string;
  /** What that means for the visitor ("No money moves."). */
  hint: string;
  id?: string;
  testId: string;
}

/** Says plainly that an outside service is a stand-in (a sandbox or a local simulator), so nobody mistakes it. */
export function TestModeNote({ label, hint, id, testId }: TestModeNoteProps) {
  return (
    <p
      id={id}
      role="note"
      className="inline-flex items-center gap-2 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-200"
      data-testid={testId}
    >
      <span aria-hidden className="size-2 shrink-0 rounded-full bg-amber-500" />
      <span className="whitespace-nowrap">{label}</span>
      <span className="font-normal">{hint}</span>
    </p>
  );
}
