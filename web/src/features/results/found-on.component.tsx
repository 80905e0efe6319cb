import { useTranslation } from 'react-i18next';
import { pageLabel } from './page-label';

/**
 * Under a crawl's tile: the page the picture was found on, or "on 30 pages" when the same address was on several
 * (their names in the tooltip; the preview lists them all).
 */
export function FoundOn({ pageUrls }: { pageUrls: string[] }) {
  const { t } = useTranslation();
  if (pageUrls.length === 0) return null;
  if (pageUrls.length === 1)
    return (
      <p className="flex min-w-0 gap-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="shrink-0">{t('results.foundOnLabel')}</span>
        <bdi dir="ltr" title={pageUrls[0]} className="truncate">
          {pageLabel(pageUrls[0])}
        </bdi>
      </p>
    );
  return (
    <p className="text-xs font-medium text-blue-700 dark:text-blue-400" title={pageUrls.map(pageLabel).join('\n')}>
      {t('results.foundOnPages', { count: pageUrls.length })}
    </p>
  );
}
