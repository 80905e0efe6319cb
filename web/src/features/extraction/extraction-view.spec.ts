import type { ExtractionResponse, ExtractionView } from '@pixtract/contracts';
import { newerExtractionView, withFailure, withProgress, withResult } from './extraction-view';

const queued: ExtractionView = { extractionId: 'ex-1', url: 'https://example.com/', status: 'queued' };
const running = (percent: number): ExtractionView => ({
  ...queued,
  status: 'running',
  progress: { stage: 'collecting', percent, imagesFound: 3 },
});
const result: ExtractionResponse = {
  files: [{ fileUrl: 'https://example.com/a.png' }],
  sourceUrl: 'https://example.com/',
  warnings: [],
  limits: { total: 500, used: 1, remaining: 499, role: 'free' },
  performanceInfo: { timeMs: 10, method: 'static' },
};

describe('newerExtractionView', () => {
  it('moves forward through the statuses', () => {
    expect(newerExtractionView(queued, running(10))).toEqual(running(10));
    expect(newerExtractionView(running(10), running(50))).toEqual(running(50));
  });

  it('keeps a completion when a stale answer still says running', () => {
    const completed = withResult(running(50), result);
    expect(newerExtractionView(completed, running(60))).toBe(completed);
    expect(newerExtractionView(completed, queued)).toBe(completed);
  });

  it('keeps the first settled state', () => {
    const failed = withFailure(running(50), 'The page took too long to load.', 'PAGE_TIMEOUT');
    expect(newerExtractionView(failed, withResult(queued, result))).toBe(failed);
  });

  it('never lowers the percent of a running extraction', () => {
    expect(newerExtractionView(running(70), running(40)).progress?.percent).toBe(70);
  });
});

describe('socket events as views', () => {
  it('progress marks the extraction running', () => {
    expect(withProgress(queued, { stage: 'loading', percent: 5, imagesFound: 0 })).toMatchObject({
      status: 'running',
      progress: { stage: 'loading', percent: 5, imagesFound: 0 },
    });
  });

  it('a stage that names no images keeps the preview an earlier one sent', () => {
    const files = [{ fileUrl: 'https://example.com/from-the-html.png' }];
    const loading = withProgress(queued, { stage: 'loading', percent: 10, imagesFound: 1, files });
    expect(withProgress(loading, { stage: 'scrolling', percent: 30, imagesFound: 1 }).progress).toEqual({
      stage: 'scrolling',
      percent: 30,
      imagesFound: 1,
      files,
    });
    const newer = [{ fileUrl: 'https://example.com/rendered.png' }];
    expect(
      withProgress(loading, { stage: 'measuring', percent: 75, imagesFound: 2, files: newer }).progress?.files,
    ).toEqual(newer);
  });

  it('a GET answer whose stage names no images keeps the preview too', () => {
    const files = [{ fileUrl: 'https://example.com/from-the-html.png' }];
    const shown: ExtractionView = {
      ...queued,
      status: 'running',
      progress: { stage: 'loading', percent: 10, imagesFound: 1, files },
    };
    expect(
      newerExtractionView(shown, {
        ...queued,
        status: 'running',
        progress: { stage: 'scrolling', percent: 30, imagesFound: 1 },
      }).progress?.files,
    ).toEqual(files);
  });

  it('completion carries the result and a finished progress', () => {
    expect(withResult(running(90), result)).toMatchObject({
      status: 'completed',
      result,
      progress: { stage: 'done', percent: 100, imagesFound: 1 },
    });
  });

  it('failure carries the message', () => {
    expect(withFailure(running(90), 'boom', 'EXTRACTION_FAILED')).toMatchObject({
      status: 'failed',
      error: 'boom',
      errorCode: 'EXTRACTION_FAILED',
    });
  });
});
