import type { ReactNode } from 'react';

/**
 * The home flow's wait (the specification's loading overlay): the extraction's progress over the whole screen, the
 * header included, until the images are there.
 */
export function LoadingOverlay({ children }: { children: ReactNode }) {
  return (
    <div
      data-testid="loading-overlay"
      className="fixed inset-0 z-50 overflow-y-auto bg-slate-50/95 px-4 py-10 backdrop-blur-sm sm:py-20 dark:bg-slate-950/95"
    >
      {children}
    </div>
  );
}
