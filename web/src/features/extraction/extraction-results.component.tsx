import type { ExtractionResponse } from '@pixtract/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DATA, api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { Alert } from '../../ui/alert.component';
import { noticeShown } from '../notice/notice.slice';
import { ResultsGallery } from '../results/results-gallery.component';
import { ExtractionFailed } from './extraction-failed.component';
import { pageErrorText, warningsText } from './extraction-messages';
import { extractionNotice } from './extraction-notice';
import { ExtractionPreview } from './extraction-preview.component';
import { ExtractionProgress } from './extraction-progress.component';
import { NoImagesFound } from './no-images-found.component';
import { RunAgain } from './run-again.component';
import { useExtraction, type ExtractionSight } from './use-extraction.hook';

interface ExtractionResultsProps {
  url: string;
  /** The stored extraction the address names; without one, `url` is asked for. */
  extractionId: string | null;
}

/**
 * The extraction of `url` in each state in turn: progress, then the images, nothing found, or the failure. A
 * settled one offers Run again; a refused request offers it too (nothing was stored to show).
 */
export function ExtractionResults({ url, extractionId }: ExtractionResultsProps) {
  const sight = useExtraction(url, extractionId);
  useOutcomeNotice(sight);
  const { state } = sight;
  switch (state.kind) {
    case 'running':
      return (
        <>
          <ExtractionProgress progress={state.progress} url={url} />
          {state.progress.files && <ExtractionPreview files={state.progress.files} />}
        </>
      );
    case 'failed':
      return (
        <div className="space-y-4">
          {extractionId !== null && <RunAgain url={url} extractedAt={state.extractedAt} />}
          <ExtractionFailed message={state.message} code={state.code} />
        </div>
      );
    case 'completed':
      return (
        <div className="space-y-4">
          <RunAgain url={url} extractedAt={state.extractedAt} />
          <CompletedExtraction result={state.result} />
        </div>
      );
  }
}

/**
 * Once an extraction this tab asked for settles: its toast, and fresh usage figures and recent images (the quota
 * moved). A stored one opened again (reload, Back, history) is shown without either: nothing happened.
 */
function useOutcomeNotice({ state, news, told }: ExtractionSight) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || !news) return;
    const notice = extractionNotice(state, t);
    if (!notice) return;
    announced.current = true;
    told();
    dispatch(noticeShown(notice));
    dispatch(api.util.invalidateTags([...ACCOUNT_DATA]));
  }, [state, news, told, dispatch, t]);
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
