import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DATA, api } from '../../app/api';
import { apiErrorBody } from '../../app/api-error';
import { useAppDispatch } from '../../app/hooks';
import { Spinner } from '../../ui/spinner.component';
import { ExtractionFailed } from '../extraction/extraction-failed.component';
import { ExtractionForm } from '../extraction/extraction-form.component';
import { NoImagesFound } from '../extraction/no-images-found.component';
import { ResultsGallery } from '../results/results-gallery.component';
import { CrawlActions } from './crawl-actions.component';
import { CrawlNotes } from './crawl-notes.component';
import { CrawlPages } from './crawl-pages.component';
import { CrawlProgress } from './crawl-progress.component';
import { isCrawlSettled, pagesWithImages } from './crawl-view';
import { useGetCrawlQuery } from './crawl.api';

/**
 * A crawl in every state: loading, not found, then its live progress and pages with the results streaming into the
 * gallery as pages finish; once settled, how it ended and Run again. The address box above starts another.
 */
export function CrawlResults({ crawlId, backLink }: { crawlId: string; backLink: ReactNode }) {
  const { t } = useTranslation();
  const crawl = useGetCrawlQuery(crawlId);
  const view = crawl.data;
  useUsageRefresh(view?.status);

  if (!view) {
    if (crawl.isError) {
      const body = apiErrorBody(crawl.error);
      return (
        <>
          <div className="mb-6">{backLink}</div>
          <ExtractionFailed message={body?.message} code={body?.code} />
        </>
      );
    }
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('app.loading')} />
      </div>
    );
  }

  const settled = isCrawlSettled(view);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {backLink}
        <CrawlActions view={view} />
      </div>
      <ExtractionForm compact initialUrl={view.startUrl} initialScope={view.scope} initialUrls={view.urls} />
      <CrawlProgress view={view} />
      <CrawlNotes view={view} />
      <CrawlPages pages={view.pages} open={!settled} />
      {view.files.length > 0 ? (
        <ResultsGallery
          result={{ files: view.files, sourceUrl: view.startUrl, limits: view.limits }}
          crawl={{ crawlId: view.crawlId, pages: pagesWithImages(view.pages) }}
        />
      ) : settled ? (
        view.status !== 'failed' && <NoImagesFound url={view.startUrl} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {t('crawl.imagesStream')}
        </p>
      )}
    </div>
  );
}

/** A crawl seen running here has charged images by the time it settles: usage and history are fetched afresh. */
function useUsageRefresh(status: string | undefined) {
  const dispatch = useAppDispatch();
  const sawRunning = useRef(false);
  useEffect(() => {
    if (status === 'queued' || status === 'running') sawRunning.current = true;
    else if (status && sawRunning.current) {
      sawRunning.current = false;
      dispatch(api.util.invalidateTags([...ACCOUNT_DATA]));
    }
  }, [status, dispatch]);
}
