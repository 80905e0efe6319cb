import type { ExtractionResponse, Limits } from '@pixtract/contracts';
import { createI18n, switchLanguage } from '../../i18n/i18n';
import { extractionNotice } from './extraction-notice';

const limits = (fields: Partial<Limits> = {}): Limits => ({
  total: 500,
  used: 10,
  remaining: 490,
  role: 'free',
  ...fields,
});
const result = (fields: Partial<ExtractionResponse> = {}): ExtractionResponse => ({
  files: [{ fileUrl: 'https://example.com/a.png' }],
  sourceUrl: 'https://example.com/',
  warnings: [],
  limits: limits(),
  performanceInfo: { timeMs: 1, method: 'static' },
  ...fields,
});

const { t } = createI18n();

describe('extractionNotice', () => {
  it('says nothing while running', () => {
    expect(
      extractionNotice({ kind: 'running', progress: { stage: 'loading', percent: 1, imagesFound: 0 } }, t),
    ).toBeNull();
  });

  it("celebrates a success with the count and source ('Images extracted!')", () => {
    expect(extractionNotice({ kind: 'completed', result: result() }, t)).toMatchObject({
      title: 'notices.extractedTitle',
      values: { count: 1, source: 'https://example.com/' },
    });
  });

  it('warns at 10% or less remaining, with remaining and used', () => {
    expect(
      extractionNotice({ kind: 'completed', result: result({ limits: limits({ used: 450, remaining: 50 }) }) }, t),
    ).toMatchObject({
      title: 'notices.approachingTitle',
      values: { remaining: 50, used: 450 },
    });
  });

  it.each([
    ['free', 'notices.dailyLimitFree'],
    ['registered', 'notices.dailyLimitRegistered'],
    ['premium', 'notices.dailyLimitOther'],
  ] as const)('words the daily limit for a %s visitor', (role, description) => {
    expect(
      extractionNotice({ kind: 'completed', result: result({ limits: limits({ role, used: 500, remaining: 0 }) }) }, t),
    ).toMatchObject({
      title: 'notices.dailyLimitTitle',
      description,
      values: { total: 500 },
    });
  });

  it('reports a 429 refusal as the daily limit, any other failure as Extraction failed', () => {
    expect(
      extractionNotice({ kind: 'failed', code: 'DAILY_LIMIT_REACHED', limits: limits({ remaining: 0, used: 500 }) }, t),
    ).toMatchObject({ title: 'notices.dailyLimitTitle' });
    expect(extractionNotice({ kind: 'failed', message: 'boom' }, t)).toMatchObject({
      title: 'notices.extractionFailedTitle',
      text: 'boom',
    });
    expect(extractionNotice({ kind: 'failed' }, t)).toMatchObject({
      title: 'notices.extractionFailedTitle',
      text: 'Could not extract images from the provided URL. Please try a different URL.',
    });
  });

  it('prefers the page problem, then nothing found, then warnings', () => {
    expect(extractionNotice({ kind: 'completed', result: result({ error: 'Bad page' }) }, t)).toMatchObject({
      title: 'results.issueTitle',
      text: 'Bad page',
    });
    // Nothing found because the page could not be read: the failure, as the page shows it.
    expect(extractionNotice({ kind: 'completed', result: result({ error: 'Bad page', files: [] }) }, t)).toMatchObject({
      title: 'notices.extractionFailedTitle',
      text: 'Bad page',
    });
    expect(extractionNotice({ kind: 'completed', result: result({ files: [] }) }, t)).toMatchObject({
      title: 'notices.noImagesTitle',
    });
    expect(extractionNotice({ kind: 'completed', result: result({ warnings: ['a', 'b'] }) }, t)).toMatchObject({
      title: 'results.warningTitle',
      text: 'a b',
    });
  });

  it("words the page's problem and the warnings in the visitor's language (French)", async () => {
    const french = createI18n();
    await switchLanguage(french, 'fr');
    expect(
      extractionNotice(
        {
          kind: 'completed',
          result: result({ error: 'The website took too long to answer.', errorCode: 'UPSTREAM_TIMEOUT', files: [] }),
        },
        french.t,
      ),
    ).toMatchObject({
      title: 'notices.extractionFailedTitle',
      text: 'Le site a mis trop de temps à répondre.',
    });
    const warned = result({
      warnings: ['The page answered with HTTP status 404.'],
      warningDetails: [{ code: 'HTTP_STATUS', values: { status: 404 } }],
    });
    expect(extractionNotice({ kind: 'completed', result: warned }, french.t)).toMatchObject({
      title: 'results.warningTitle',
      text: 'La page a répondu avec le statut HTTP 404.',
    });
  });
});
