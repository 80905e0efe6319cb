import type { CrawlPage } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { pageLabel } from '../results/page-label';
import { resources } from '../../i18n/i18n';
import { catalogueText } from '../extraction/extraction-messages';

const CATALOGUE: Record<string, string> = resources.en.translation.errors;
/** A page's error comes as the catalogue's English: found by its words, it is said in the reader's language. */
const codeOf = (message: string) => Object.keys(CATALOGUE).find((code) => CATALOGUE[code] === message);

const PAGE_TONES: Record<CrawlPage['status'], string> = {
  queued: 'text-slate-500 dark:text-slate-400',
  running: 'text-blue-700 dark:text-blue-400',
  done: 'text-emerald-700 dark:text-emerald-400',
  failed: 'text-red-700 dark:text-red-400',
  skipped: 'text-amber-800 dark:text-amber-300',
};

/** The pages found so far, in the order found, each with its state and images (open while the crawl runs). */
export function CrawlPages({ pages, open }: { pages: CrawlPage[]; open: boolean }) {
  const { t } = useTranslation();
  if (pages.length === 0) return null;
  return (
    <details
      open={open}
      className="group rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      <summary className="cursor-pointer px-5 py-3 font-semibold select-none">
        {t('crawl.pagesList', { count: pages.length })}
      </summary>
      <ol
        aria-label={t('crawl.pagesListLabel')}
        className="max-h-80 divide-y divide-slate-100 overflow-y-auto border-t border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800"
      >
        {pages.map((page) => (
          <li key={page.url} className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-5 py-2">
            <a
              href={page.url}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-w-0 flex-1 basis-48 text-blue-700 hover:underline dark:text-blue-400"
            >
              <bdi dir="ltr" title={page.url} className="truncate">
                {pageLabel(page.url)}
              </bdi>
            </a>
            <span className={`text-xs font-medium ${PAGE_TONES[page.status]}`}>
              {page.status === 'skipped' && page.skipReason
                ? t(`crawl.skipped.${page.skipReason}`)
                : t(`crawl.pageStatus.${page.status}`)}
            </span>
            {page.status === 'done' && (
              <span className="text-xs tabular-nums text-slate-600 dark:text-slate-400">
                {t('results.count', { count: page.imageCount })}
              </span>
            )}
            {page.error && (
              <span className="basis-full text-xs text-red-700 dark:text-red-400">
                {catalogueText(t, codeOf(page.error), page.error)}
              </span>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
