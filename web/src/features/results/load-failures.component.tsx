import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button.component';
import type { ResultItem } from './results-view';

interface LoadFailuresProps {
  /** The images of the page in view that could not be loaded, with their numbers in the list. */
  failed: Array<{ item: ResultItem; number: number }>;
  /** How many images the page in view holds. */
  onPage: number;
}

/**
 * Images that did not load in the browser are left out of the grid, but said: "15 shown · 1 could not be loaded",
 * with a list of them to open or check by hand (they are still counted, and still go into the ZIP, where the
 * server may well reach them).
 */
export function LoadFailures({ failed, onPage }: LoadFailuresProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (failed.length === 0) return null;
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" data-testid="load-failures" className="text-slate-700 dark:text-slate-200">
          {t('results.loadSummary', { shown: onPage - failed.length, count: failed.length })}
        </p>
        <Button variant="ghost" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {open ? t('results.hideFailed') : t('results.listFailed')}
        </Button>
      </div>
      {open && (
        <ul id={listId} aria-label={t('results.failedListLabel')} className="mt-2 space-y-1">
          {failed.map(({ item, number }) => (
            <li key={item.index} className="flex min-w-0 gap-2">
              <span className="shrink-0 font-medium">{t('results.imageAlt', { number })}</span>
              <a
                href={item.file.fileUrl}
                target="_blank"
                rel="noopener noreferrer"
                dir="ltr"
                className="truncate text-blue-700 hover:underline dark:text-blue-400"
              >
                {item.file.fileUrl}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
