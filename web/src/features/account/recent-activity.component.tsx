import { crawlStatusSchema, type CrawlStatus, type ExtractionHistoryItem } from '@pixtract/contracts';
import type { TFunction } from 'i18next';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../i18n/number-format';
import { paths } from '../../router/paths';
import { useLanguage, useLocalisedPath } from '../../router/use-language.hook';
import { Spinner } from '../../ui/spinner.component';
import { tabListStyles, tabStyles } from '../../ui/tabs.styles';
import { WebAddress } from '../../ui/web-address.component';
import { imageThumbnailUrl } from '../results/image-links';
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
  const { t } = useTranslation();
  const language = useLanguage();
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
            {formatDate(item.extractedAt, language, { dateStyle: 'medium', timeStyle: 'short' })}
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
  const { t } = useTranslation();
  const language = useLanguage();
  const images = useGetRecentImagesQuery();
  if (images.isLoading) return <Spinner label={t('app.loading')} />;
  if (images.isError)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('member.recentImagesFailed')}</p>;
  if (!images.data?.length)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('member.noRecentImages')}</p>;
  // Thumbnails through the proxy (the image's host may refuse embedding), loaded as they scroll into view.
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {images.data.map((image) => (
        <li key={image.id} className="overflow-hidden rounded-xl border border-slate-200 text-sm dark:border-slate-800">
          <a href={image.sourceUrl} target="_blank" rel="noopener noreferrer" className="block">
            <img
              src={imageThumbnailUrl(image.sourceUrl)}
              alt={image.alt || t('results.noAlt')}
              loading="lazy"
              decoding="async"
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              className="bg-checkerboard aspect-[4/3] w-full bg-slate-100 object-contain dark:bg-slate-800"
            />
          </a>
          <div className="space-y-0.5 p-2">
            <p className="truncate font-medium">{image.alt || t('results.noAlt')}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <ImageDimensions width={image.width} height={image.height} /> · {formatDate(image.extractedAt, language)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
