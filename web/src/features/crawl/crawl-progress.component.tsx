import type { CrawlView } from '@pixtract/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/number-format';
import { useLanguage } from '../../router/use-language.hook';
import { Card } from '../../ui/card.component';
import { ProgressBar } from '../../ui/progress-bar.component';
import { pageLabel } from '../results/page-label';
import { isCrawlSettled } from './crawl-view';

const STATUS_TONES: Record<CrawlView['status'], string> = {
  queued: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  running: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  completed: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  stopped: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  limited: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

/**
 * Where a crawl stands, as its last event said: status, pages done / found / failed, images found, and the page
 * each worker is reading. The bar is the share of the pages found so far that are finished (found pages grow as
 * pages are read, so it can step back).
 */
export function CrawlProgress({ view }: { view: CrawlView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const settled = isCrawlSettled(view);
  const finished = view.pagesDone + view.pagesFailed;
  const percent = settled ? 100 : view.pagesFound === 0 ? 0 : (finished / view.pagesFound) * 100;
  const counts = [
    ['crawl.pagesDone', view.pagesDone],
    ['crawl.pagesFound', view.pagesFound],
    ['crawl.pagesFailed', view.pagesFailed],
    ['crawl.imagesFound', view.imagesFound],
  ] as const;

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold sm:text-2xl">{t(`crawl.title.${view.scope}`)}</h1>
        <span
          data-testid="crawl-status"
          className={`rounded-full px-3 py-1 text-xs font-semibold ${STATUS_TONES[view.status]}`}
        >
          {t(`crawl.status.${view.status}`)}
        </span>
      </div>
      <p className="mt-1 flex min-w-0 text-sm text-slate-600 dark:text-slate-400">
        <bdi dir="ltr" title={view.startUrl} className="truncate">
          {view.startUrl}
        </bdi>
      </p>
      <div className="mt-5">
        <ProgressBar
          percent={percent}
          label={t('crawl.progressLabel')}
          valueText={t('crawl.progressValue', { done: finished, found: view.pagesFound })}
          tone={view.status === 'failed' ? 'red' : view.status === 'limited' ? 'amber' : 'blue'}
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-slate-100 px-3 py-2 dark:bg-slate-800">
            <dt className="text-xs text-slate-600 dark:text-slate-400">{t(label)}</dt>
            <dd className="text-xl font-bold tabular-nums" data-testid={label}>
              {formatNumber(value, language)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        {t('crawl.pageLimitOf', { count: view.maxPages })}
      </p>
      {!settled && (
        <div className="mt-4">
          <h2 className="text-sm font-semibold">{t('crawl.readingNow')}</h2>
          {view.reading.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('crawl.waitingForWorker')}</p>
          ) : (
            <ul aria-label={t('crawl.readingNow')} className="mt-1 space-y-1 text-sm">
              {view.reading.map(({ url, worker }) => (
                <li key={`${worker} ${url}`} className="flex min-w-0 items-center gap-2">
                  <span aria-hidden className="size-2 shrink-0 animate-pulse rounded-full bg-blue-600" />
                  <bdi dir="ltr" title={url} className="min-w-0 truncate">
                    {pageLabel(url)}
                  </bdi>
                  <span className="ms-auto shrink-0 text-xs text-slate-500 dark:text-slate-400">
                    {t('crawl.worker', { worker })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Card>
  );
}
