import type { ExtractionResponse } from '@pixtract/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DATA, api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { Alert } from '../../ui/alert.component';
import { CommentsSection } from '../comments/comments-section.component';
import { noticeShown } from '../notice/notice.slice';
import { ResultsGallery } from '../results/results-gallery.component';
import { ExtractionFailed } from './extraction-failed.component';
import { pageErrorText, warningsText } from './extraction-messages';
import { extractionNotice } from './extraction-notice';
import { ExtractionPreview } from './extraction-preview.component';
import { ExtractionProgress } from './extraction-progress.component';
import { NoImagesFound } from './no-images-found.component';
import { useExtraction, type ExtractionState } from './use-extraction.hook';

/**
 * Extracts `url` and shows each state in turn: progress, then the images (or nothing found) with the page's comments
 * below, or the failure.
 */
export function ExtractionResults({ url }: { url: string }) {
  const state = useExtraction(url);
  useOutcomeNotice(state);
  switch (state.kind) {
    case 'running':
      return (
        <>
          <ExtractionProgress progress={state.progress} url={url} />
          {state.progress.files && <ExtractionPreview files={state.progress.files} />}
        </>
      );
    case 'failed':
      return <ExtractionFailed message={state.message} code={state.code} />;
    case 'completed':
      return (
        <div className="space-y-12">
          <CompletedExtraction result={state.result} />
          <CommentsSection sourceUrl={url} />
        </div>
      );
  }
}

/** Once the extraction settles: its toast, and fresh usage figures and recent images (the quota moved). */
function useOutcomeNotice(state: ExtractionState) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    const notice = extractionNotice(state, t);
    if (!notice) return;
    announced.current = true;
    dispatch(noticeShown(notice));
    dispatch(api.util.invalidateTags([...ACCOUNT_DATA]));
  }, [state, dispatch, t]);
}

function CompletedExtraction({ result }: { result: ExtractionResponse }) {
  const { t } = useTranslation();
  const notes = (
    <>
      {result.error && (
        <Alert tone="error" title={t('results.issueTitle')}>
          {pageErrorText(t, result)}
        </Alert>
      )}
      {result.warnings.length > 0 && (
        <Alert tone="warning" title={t('results.warningTitle')}>
          {warningsText(t, result)}
        </Alert>
      )}
    </>
  );

  if (result.files.length === 0) {
    return (
      <div className="mx-auto w-full max-w-xl space-y-4">
        {notes}
        <NoImagesFound />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {notes}
      <ResultsGallery result={result} />
    </div>
  );
}
