import type { ExtractionResponse, Limits } from '@pixtract/contracts';
import { extractionNotice } from './extraction-notice';

const limits = (fields: Partial<Limits> = {}): Limits => ({ total: 500, used: 10, remaining: 490, role: 'free', ...fields });
const result = (fields: Partial<ExtractionResponse> = {}): ExtractionResponse => ({
  files: [{ fileUrl: 'https://example.com/a.png' }],
  sourceUrl: 'https://example.com/',
  warnings: [],
  limits: limits(),
  performanceInfo: { timeMs: 1, method: 'static' },
  ...fields,
});

describe('extractionNotice', () => {
  it('says nothing while running', () => {
    expect(extractionNotice({ kind: 'running', progress: { stage: 'loading', percent: 1, imagesFound: 0 } })).toBeNull();
  });

  it("celebrates a success with the count and source ('Images extracted!')", () => {
    expect(extractionNotice({ kind: 'completed', result: result() })).toMatchObject({
      title: 'notices.extractedTitle',
      values: { count: 1, source: 'https://example.com/' },
    });
  });

  it('warns at 10% or less remaining, with remaining and used', () => {
    expect(extractionNotice({ kind: 'completed', result: result({ limits: limits({ used: 450, remaining: 50 }) }) })).toMatchObject({
      title: 'notices.approachingTitle',
      values: { remaining: 50, used: 450 },
    });
  });

  it.each([
    ['free', 'notices.dailyLimitFree'],
    ['registered', 'notices.dailyLimitRegistered'],
    ['premium', 'notices.dailyLimitOther'],
  ] as const)('words the daily limit for a %s visitor', (role, description) => {
    expect(extractionNotice({ kind: 'completed', result: result({ limits: limits({ role, used: 500, remaining: 0 }) }) })).toMatchObject({
      title: 'notices.dailyLimitTitle',
      description,
      values: { total: 500 },
    });
  });

  it('reports a 429 refusal as the daily limit, any other failure as Extraction failed', () => {
    expect(extractionNotice({ kind: 'failed', code: 'DAILY_LIMIT_REACHED', limits: limits({ remaining: 0, used: 500 }) })).toMatchObject({ title: 'notices.dailyLimitTitle' });
    expect(extractionNotice({ kind: 'failed', message: 'boom' })).toMatchObject({ title: 'notices.extractionFailedTitle', description: 'errors.EXTRACTION_FAILED' });
  });

  it('prefers the page problem, then nothing found, then warnings', () => {
    expect(extractionNotice({ kind: 'completed', result: result({ error: 'Bad page' }) })).toMatchObject({ title: 'results.issueTitle', text: 'Bad page' });
    expect(extractionNotice({ kind: 'completed', result: result({ files: [] }) })).toMatchObject({ title: 'notices.noImagesTitle' });
    expect(extractionNotice({ kind: 'completed', result: result({ warnings: ['a', 'b'] }) })).toMatchObject({ title: 'results.warningTitle', text: 'a b' });
  });
});
