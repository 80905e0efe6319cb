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
import { LoadingOverlay } from './loading-overlay.component';
import { latestResultStored } from './latest-result.slice';
import { NoImagesFound } from './no-images-found.component';
import { RunAgain } from './run-again.component';
import { useExtraction, type ExtractionSight } from './use-extraction.hook';

interface ExtractionResultsProps {
  url: string;
  /** The stored extraction the address names; without one, `url` is asked for. */
  extractionId: string | null;
  /** The page's way back, on the bar that also offers Run again. */
  backLink: ReactNode;
  /** The address box under that bar, to ask for another page or a crawl from here. */
  addressBox?: ReactNode;
  /** Opened from the address box: the wait covers the whole screen. */
  overlay?: boolean;
}

/**
 * The extraction of `url` in each state in turn: progress, then the images (with the page's comments below), nothing
 * found, or the failure. A stored one, once settled, says when it was made and offers Run again (a refused request
 * has nothing stored).
 */
export function ExtractionResults({
  url,
  extractionId,
  backLink,
  addressBox,
  overlay = false,
}: ExtractionResultsProps) {
  const sight = useExtraction(url, extractionId);
  const outcome = useRef<HTMLDivElement>(null);
  useOutcomeNotice(sight, outcome);
  useLatestResult(sight.state, url, extractionId);
  const { state } = sight;
  // A failure offers its address to correct instead (ExtractionFailed); a stored result offers Run again.
  const stored = state.kind === 'completed' && !isFailure(state.result);
  const failed = state.kind === 'failed' || (state.kind === 'completed' && isFailure(state.result));
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        {backLink}
        {stored && <RunAgain url={url} extractedAt={state.extractedAt} />}
      </div>
      {/* A failure's own form takes the address back: one address box on the page, not two. */}
      {/* Not on a phone: there the first images come first (the home page's box is one tap away). */}
      {addressBox && !failed && <div className="mb-6 hidden sm:block">{addressBox}</div>}
      <ExtractionAnnouncer state={state} />
      <div ref={outcome}>
        <ExtractionState state={state} url={url} overlay={overlay} />
      </div>
    </>
  );
}

function ExtractionState({ state, url, overlay }: { state: ExtractionSight['state']; url: string; overlay: boolean }) {
  switch (state.kind) {
    case 'running': {
      const progress = (
        <>
          <ExtractionProgress progress={state.progress} url={url} />
          {state.progress.files && <ExtractionPreview files={state.progress.files} />}
        </>
      );
      return overlay ? <LoadingOverlay>{progress}</LoadingOverlay> : progress;
    }
    case 'failed':
      if (state.code === ErrorCode.DailyLimitReached)
        return <DailyLimitReached limits={state.limits} message={state.message} />;
      return <ExtractionFailed message={state.message} code={state.code} url={url} />;
    case 'completed':
      // Comments are about a page's images: none where nothing was extracted.
      return (
        <div className="space-y-12">
          <CompletedExtraction result={state.result} url={url} />
          {state.result.files.length > 0 && <CommentsSection sourceUrl={url} />}
        </div>
      );
  }
}

/** A result with images becomes the latest one: the home page's try-it area shows it. */
function useLatestResult(state: ExtractionSight['state'], url: string, extractionId: string | null) {
  const dispatch = useAppDispatch();
  const result = state.kind === 'completed' ? state.result : undefined;
  useEffect(() => {
    if (result && extractionId && result.files.length > 0) dispatch(latestResultStored({ url, extractionId, result }));
  }, [result, url, extractionId, dispatch]);
}

/**
 * Once an extraction this tab asked for settles: its toast, fresh usage figures and recent images (the quota
 * moved), and focus where a keyboard or screen reader carries on: a failure's address, else the outcome's heading. A stored one opened
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
    // A failure's address to correct (typed over or fixed in place), else the outcome's heading, else its alert.
    const landing =
      outcome.current?.querySelector<HTMLElement>('[data-retry-address] input') ??
      outcome.current?.querySelector<HTMLElement>('h1') ??
      outcome.current?.querySelector('[role=alert]');
    if (landing instanceof HTMLElement) {
      landing.tabIndex = -1;
      landing.focus();
    }
  }, [state, news, told, dispatch, t, outcome]);
}

/** A page that could not be read and gave nothing (an unreachable host): a failure, not an empty page. */
const isFailure = (result: ExtractionResponse): boolean => result.files.length === 0 && Boolean(result.error);

/**
 * The images with the page's notes. A page that could not be read and gave nothing (an unreachable host) is a
 * failure and says only that; a page read without images says so with the likely causes.
 */
function CompletedExtraction({ result, url }: { result: ExtractionResponse; url: string }) {
  const { t } = useTranslation();
  if (isFailure(result))
    return (
      <ExtractionFailed
        message={result.error}
        code={result.errorCode}
        url={url}
        details={result.warnings.length > 0 ? warningsText(t, result) : undefined}
      />
    );
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
