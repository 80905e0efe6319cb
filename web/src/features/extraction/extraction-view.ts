import type { ExtractionProgress, ExtractionResponse, ExtractionStatus, ExtractionView } from '@pixtract/contracts';

const STATUS_ORDER: Record<ExtractionStatus, number> = { queued: 0, running: 1, completed: 2, failed: 2 };

export const isSettled = (view: ExtractionView | undefined): boolean =>
  view?.status === 'completed' || view?.status === 'failed';

/**
 * Socket events and GET answers race each other, so a view only ever moves forward: a stale answer never
 * undoes a completion, and a lower percent never replaces a higher one. The first settled state wins.
 */
export function newerExtractionView(current: ExtractionView, incoming: ExtractionView): ExtractionView {
  const step = STATUS_ORDER[incoming.status] - STATUS_ORDER[current.status];
  if (step < 0 || (step === 0 && isSettled(current))) return current;
  if (step === 0 && (incoming.progress?.percent ?? 0) < (current.progress?.percent ?? 0)) {
    return { ...incoming, progress: current.progress };
  }
  return withPreviewKept(current, incoming);
}

/**
 * A running stage that names no images (a socket event or a GET answer) keeps the preview an earlier one sent: the
 * HTML's images while the page renders.
 */
function withPreviewKept(current: ExtractionView, incoming: ExtractionView): ExtractionView {
  const files = current.progress?.files;
  if (incoming.status !== 'running' || !incoming.progress || incoming.progress.files || !files) return incoming;
  return { ...incoming, progress: { ...incoming.progress, files } };
}

export const withProgress = (view: ExtractionView, progress: ExtractionProgress): ExtractionView =>
  newerExtractionView(view, { ...view, status: 'running', progress });

export const withResult = (view: ExtractionView, result: ExtractionResponse): ExtractionView =>
  newerExtractionView(view, {
    ...view,
    status: 'completed',
    result,
    progress: { stage: 'done', percent: 100, imagesFound: result.files.length },
  });

export const withFailure = (view: ExtractionView, message: string, code: ExtractionView['errorCode']): ExtractionView =>
  newerExtractionView(view, { ...view, status: 'failed', error: message, errorCode: code });
