import {
  EXTRACTION_WARNING_CODES,
  extractionWarningSchema,
  extractionWarningText,
  type ExtractionWarning,
} from './extraction-warnings';
import { extractJobResultSchema } from './queues';

describe('extraction warnings', () => {
  it.each<[ExtractionWarning, string]>([
    [{ code: 'HTTP_STATUS', values: { status: 404 } }, 'The page answered with HTTP status 404.'],
    [
      { code: 'SCROLL_CAPPED', values: { cap: 'steps' } },
      'The page kept growing; scrolling stopped at the step limit, so images further down were not loaded.',
    ],
    [
      { code: 'SCROLL_CAPPED', values: { cap: 'height' } },
      'The page kept growing; scrolling stopped at the page height limit, so images further down were not loaded.',
    ],
    [
      { code: 'SCROLL_CAPPED', values: { cap: 'time' } },
      'The page kept growing; scrolling stopped at the time limit, so images further down were not loaded.',
    ],
    [
      { code: 'REFUSED_REQUESTS', values: { count: 1 } },
      '1 request of this page went to private or local addresses and was refused.',
    ],
    [
      { code: 'REFUSED_REQUESTS', values: { count: 3 } },
      '3 requests of this page went to private or local addresses and were refused.',
    ],
    [
      { code: 'ELEMENTS_CAPPED', values: { limit: 30_000 } },
      'The page has more than 30,000 elements; only the first ones were searched.',
    ],
    [{ code: 'IMAGES_CAPPED', values: { limit: 10_000 } }, 'Only the first 10,000 images of this page were kept.'],
    [{ code: 'IMAGES_UNMEASURED', values: { count: 1 } }, 'The size of 1 image could not be read in time.'],
    [{ code: 'IMAGES_UNMEASURED', values: { count: 1_250 } }, 'The sizes of 1,250 images could not be read in time.'],
    [
      { code: 'STOPPED_AT_TIME_LIMIT' },
      'The page took too long to load. These are the images found before it was stopped.',
    ],
    [{ code: 'NOT_HTML', values: { type: 'application/pdf' } }, 'The address serves application/pdf, not a web page.'],
    [{ code: 'STILL_LOADING', values: { seconds: 30 } }, 'The page was still loading; showing what was found in 30 s.'],
    [{ code: 'NO_ANSWER', values: { seconds: 30 } }, 'The page did not answer within 30 seconds.'],
  ])('words %j in English as the seed did', (warning, english) => {
    expect(extractionWarningText(warning)).toBe(english);
  });

  it('lists every code once', () => {
    expect(EXTRACTION_WARNING_CODES).toEqual([
      'HTTP_STATUS',
      'SCROLL_CAPPED',
      'REFUSED_REQUESTS',
      'ELEMENTS_CAPPED',
      'IMAGES_CAPPED',
      'IMAGES_UNMEASURED',
      'STOPPED_AT_TIME_LIMIT',
      'STILL_LOADING',
      'NOT_HTML',
      'NO_ANSWER',
    ]);
  });

  it('refuses a code outside the set and values of the wrong shape', () => {
    expect(extractionWarningSchema.safeParse({ code: 'SOMETHING_NEW' }).success).toBe(false);
    expect(extractionWarningSchema.safeParse({ code: 'SCROLL_CAPPED', values: { cap: 'width' } }).success).toBe(false);
  });

  it('keeps results from before warning details and error codes valid', () => {
    const stored = {
      files: [],
      sourceUrl: 'https://example.com/',
      warnings: ['Old words.'],
      error: 'Old error.',
      performanceInfo: { timeMs: 1, method: 'static' },
      totalImagesFound: 0,
    };
    expect(extractJobResultSchema.parse(stored)).toEqual(stored);
    expect(extractJobResultSchema.safeParse({ ...stored, errorCode: 'NOT_A_CODE' }).success).toBe(false);
  });
});
