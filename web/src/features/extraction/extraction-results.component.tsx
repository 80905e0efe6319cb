import { ErrorCode, type ExtractionResponse } from '@pixtract/contracts';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_DATA, api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { Alert } from '../../ui/alert.component';
import { CommentsSection } from '../comments/comments-section.component';
import { noticeShown } from '../notice/notice.slice';
import { ResultsGallery } from '../results/results-gallery.component';
import { DailyLimitReached } from './daily-limit-reached.component';
import { ExtractionAnnouncer } from './extraction-announcer.component';
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
  /** The page's way back, on the bar that also offers Run again. */
  backLink: ReactNode;
}

/**
 * The extraction of `url` in each state in turn: progress, then the images (with the page's comments below), nothing
 * found, or the failure. A stored one, once settled, says when it was made and offers Run again (a refused request
 * has nothing stored).
 */
export function ExtractionResults({ url, extractionId, backLink }: ExtractionResultsProps) {
  const sight = useExtraction(url, extractionId);
  const outcome = useRef<HTMLDivElement>(null);
  useOutcomeNotice(sight, outcome);
  const { state } = sight;
  const stored = state.kind === 'completed' || (state.kind === 'failed' && extractionId !== null);
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {backLink}
        {stored && <RunAgain url={url} extractedAt={state.extractedAt} />}
      </div>
      <ExtractionAnnouncer state={state} />
      <div ref={outcome}>
        <ExtractionState state={state} url={url} />
      </div>
    </>
  );
}

function ExtractionState({ state, url }: { state: ExtractionSight['state']; url: string }) {
  switch (state.kind) {
    case 'running':
      return (
        <>
          <ExtractionProgress progress={state.progress} url={url} />
          {state.progress.files && <ExtractionPreview files={state.progress.files} />}
        </>
      );
    case 'failed':
      if (state.code === ErrorCode.DailyLimitReached)
        return <DailyLimitReached limits={state.limits} message={state.message} />;
      return <ExtractionFailed message={state.message} code={state.code} />;
    case 'completed':
      return (
        <div className="space-y-12">
          <CompletedExtraction result={state.result} url={url} />
          <CommentsSection sourceUrl={url} />
        </div>
      );
  }
}

/**
 * Once an extraction this tab asked for settles: its toast, fresh usage figures and recent images (the quota
 * moved), and focus on the outcome's heading, where a keyboard or screen reader carries on. A stored one opened
 * again (reload, Back, history) is shown without any of these: nothing happened.
 */
function useOutcomeNotice({ state, news, told }: ExtractionSight, outcome: RefObject<HTMLDivElement | null>) {
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
    // The outcome's heading, or a failure's alert when it has none.
    const landing = outcome.current?.querySelector<HTMLElement>('h1') ?? outcome.current?.querySelector('[role=alert]');
    if (landing instanceof HTMLElement) {
      landing.tabIndex = -1;
      landing.focus();
    }
  }, [state, news, told, dispatch, t, outcome]);
}

/**
 * The images with the page's notes. A page that could not be read and gave nothing (an unreachable host) is a
 * failure and says only that; a page read without images says so with the likely causes.
 */
function CompletedExtraction({ result, url }: { result: ExtractionResponse; url: string }) {
  const { t } = useTranslation();
  if (result.files.length === 0 && result.error)
    return <ExtractionFailed message={result.error} code={result.errorCode} />;
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
        <NoImagesFound url={url} />
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
