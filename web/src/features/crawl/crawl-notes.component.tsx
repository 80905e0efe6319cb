import type { CrawlView, CrawlWarning } from '@pixtract/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Alert } from '../../ui/alert.component';
import { buttonStyles } from '../../ui/button.component';

const DAILY_LIMIT_TEXT = {
  free: 'notices.dailyLimitFree',
  registered: 'notices.dailyLimitRegistered',
} as const;

/** A warning's words in the reader's language; a code this build does not know keeps the server's English. */
function warningText(t: TFunction, warning: CrawlWarning | undefined, english: string): string {
  if (!warning) return english;
  switch (warning.code) {
    case 'ROBOTS_DISALLOWED':
    case 'CRAWL_DELAY':
    case 'HOST_BACKOFF':
    case 'PAGE_LIMIT':
    case 'TRAP_CAPPED':
    case 'DEPTH_LIMIT':
    case 'IMAGES_PER_PAGE':
      return t(`crawlWarnings.${warning.code}`, warning.values as Record<string, unknown>);
    default:
      return english;
  }
}

/**
 * What a settled crawl says of itself — completed, stopped with what it found, limited by the day's quota (the
 * seed's limit messages, with the way up), or failed — and why coverage may be partial.
 */
export function CrawlNotes({ view }: { view: CrawlView }) {
  const { t } = useTranslation();
  const localised = useLocalisedPath();
  const details = view.warningDetails.length === view.warnings.length ? view.warningDetails : [];
  const role = view.limits?.role ?? 'free';
  return (
    <div className="space-y-3">
      {view.status === 'completed' && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {t('crawl.completedText', { count: view.pagesDone, images: view.imagesFound })}
        </p>
      )}
      {view.status === 'stopped' && (
        <Alert tone="warning" title={t('crawl.stoppedTitle')}>
          {t('crawl.stoppedText', { count: view.pagesDone, images: view.imagesFound })}
        </Alert>
      )}
      {view.status === 'limited' && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
        >
          <div>
            <p className="font-semibold">{t('notices.dailyLimitTitle')}</p>
            <p className="mt-1">
              {t(role === 'free' || role === 'registered' ? DAILY_LIMIT_TEXT[role] : 'notices.dailyLimitOther', {
                total: view.limits?.total ?? 0,
              })}{' '}
              {t('crawl.limitedKept', { count: view.pagesDone, images: view.imagesFound })}
            </p>
          </div>
          {(role === 'free' || role === 'registered') && (
            <Link to={localised(paths.pricing)} className={buttonStyles('primary', 'md')}>
              {t('results.upgradePlan')}
            </Link>
          )}
        </div>
      )}
      {view.status === 'failed' && (
        <Alert tone="error" title={t('crawl.failedTitle')}>
          {t('crawl.failedText')}
        </Alert>
      )}
      {view.warnings.length > 0 && (
        <Alert tone="warning" title={t('crawl.warningsTitle')}>
          <ul className="list-disc space-y-0.5 ps-5">
            {view.warnings.map((english, index) => (
              <li key={index}>{warningText(t, details[index], english)}</li>
            ))}
          </ul>
        </Alert>
      )}
    </div>
  );
}
