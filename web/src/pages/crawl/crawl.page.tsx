import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CrawlResults } from '../../features/crawl/crawl-results.component';
import { useDocumentHead } from '../../layout/use-page-meta.hook';
import { paths } from '../../router/paths';
import { useLocalisedPath } from '../../router/use-language.hook';
import { BackLink } from '../../ui/back-link.component';

/** /crawls/{id}: one crawl, addressable — live while it runs, its results after (reload and Back charge nothing). */
export function CrawlPage() {
  const { t } = useTranslation();
  useDocumentHead(t('crawl.pageTitle'), t('crawl.pageDescription'));
  const localised = useLocalisedPath();
  const { crawlId = '' } = useParams();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
      <CrawlResults
        key={crawlId}
        crawlId={crawlId}
        backLink={<BackLink to={localised(paths.home)}>{t('results.backToHome')}</BackLink>}
      />
    </div>
  );
}
