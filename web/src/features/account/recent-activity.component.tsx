import { crawlStatusSchema, type CrawlStatus, type ExtractionHistoryItem } from '@pixtract/contracts';
import type { TFunction } from 'i18next';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { Spinner } from '../../ui/spinner.component';
import { tabListStyles, tabStyles } from '../../ui/tabs.styles';
import { WebAddress } from '../../ui/web-address.component';
import { ImageDimensions } from '../results/image-dimensions.component';
import { useGetExtractionHistoryQuery, useGetRecentImagesQuery } from './account.api';

/** Tabs Extraction History and Recent Images; a failed list is a notice in its tab only (the seed). */
export function RecentActivity() {
  const { t } = useTranslation();
  return (
    <Tabs.Root defaultValue="history">
      <Tabs.List aria-label={t('member.recentActivity')} className={tabListStyles()}>
        <Tabs.Trigger value="history" className={tabStyles()}>
          {t('member.historyTab')}
        </Tabs.Trigger>
        <Tabs.Trigger value="images" className={tabStyles()}>
          {t('member.recentImagesTab')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="history" className="mt-4">
        <ExtractionHistory />
      </Tabs.Content>
      <Tabs.Content value="images" className="mt-4">
        <RecentImages />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function ExtractionHistory() {
  const { t, i18n } = useTranslation();
  const localised = useLocalisedPath();
  const history = useGetExtractionHistoryQuery();
  if (history.isLoading) return <Spinner label={t('app.loading')} />;
  if (history.isError) return <p className="text-sm text-slate-600 dark:text-slate-300">{t('member.historyFailed')}</p>;
  if (!history.data?.length)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('member.noHistory')}</p>;
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {history.data.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
          <Link
            to={localised(item.kind === 'crawl' ? paths.crawl(item.id) : paths.results(item.url, item.id))}
            className="flex min-w-0 basis-full font-medium text-blue-700 hover:underline sm:basis-0 sm:flex-1 dark:text-blue-400"
          >
            <WebAddress url={item.url} />
          </Link>
          {item.kind === 'crawl' && item.scope && (
            <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs text-blue-800 dark:bg-blue-950 dark:text-blue-200">
              {t(`crawl.scope.${item.scope}`)} · {t('member.pagesRead', { count: item.pagesDone ?? 0 })}
            </span>
          )}
          <span className="text-slate-600 dark:text-slate-400">
            {new Date(item.extractedAt).toLocaleString(i18n.language)}
          </span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
            {historyStatus(t, item)}
          </span>
          <span className="tabular-nums">{t('results.count', { count: item.imageCount })}</span>
        </li>
      ))}
    </ul>
  );
}

/** An extraction is completed or not; a crawl says how it ended (stopped and limited ones keep their images). */
function historyStatus(t: TFunction, item: ExtractionHistoryItem): string {
  if (item.kind === 'crawl' && isCrawlStatus(item.status)) return t(`crawl.status.${item.status}`);
  return item.status === 'completed' ? t('member.statusCompleted') : t('member.statusOther');
}

const isCrawlStatus = (status: string): status is CrawlStatus => crawlStatusSchema.safeParse(status).success;

function RecentImages() {
  const { t, i18n } = useTranslation();
  const images = useGetRecentImagesQuery();
  if (images.isLoading) return <Spinner label={t('app.loading')} />;
  if (images.isError)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('member.recentImagesFailed')}</p>;
  if (!images.data?.length)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('member.noRecentImages')}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {images.data.map((image) => (
        <li key={image.id} className="rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800">
          <p className="truncate font-medium">{image.alt || t('results.noAlt')}</p>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <ImageDimensions width={image.width} height={image.height} /> ·{' '}
            {new Date(image.extractedAt).toLocaleDateString(i18n.language)}
          </p>
          <a
            href={image.sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="flex text-xs text-blue-700 hover:underline dark:text-blue-400"
          >
            <WebAddress url={image.sourceUrl} />
          </a>
        </li>
      ))}
    </ul>
  );
}
