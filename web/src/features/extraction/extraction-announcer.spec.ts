import type { ExtractedFile, ExtractionResponse } from '@pixtract/contracts';
import { createI18n, switchLanguage } from '../../i18n/i18n';
import type { Language } from '../../i18n/languages';
import { announcement } from './extraction-announcer.component';

async function translator(language: Language) {
  const i18n = createI18n();
  await switchLanguage(i18n, language);
  return i18n.t;
}

const file = (name: string, duplicate = false) =>
  ({ fileUrl: `https://example.com/${name}.png`, alt: name, duplicate }) as ExtractedFile;

const completed = (files: ExtractedFile[], extra: Partial<ExtractionResponse> = {}) => ({
  kind: 'completed' as const,
  result: { files, warnings: [], sourceUrl: 'https://example.com/', ...extra } as unknown as ExtractionResponse,
});

describe('what the extraction announces', () => {
  it('says the stage while it runs', async () => {
    const t = await translator('en');
    expect(announcement({ kind: 'running', progress: { stage: 'collecting', percent: 40, imagesFound: 2 } }, t)).toBe(
      'Collecting images',
    );
  });

  it('counts the images the gallery shows (repeats hidden), in each language’s plural', async () => {
    const files = [file('a'), file('b'), file('c'), file('a', true)];
    expect(announcement(completed(files), await translator('en'))).toBe('Extraction complete: 3 images found');
    expect(announcement(completed([file('a')]), await translator('en'))).toBe('Extraction complete: 1 image found');
    expect(announcement(completed(files), await translator('ru'))).toBe('Извлечение завершено: найдено 3 изображения');
    expect(announcement(completed(files), await translator('ar'))).toBe('اكتمل الاستخراج: عُثر على ٣ صور');
  });

  it('says a failure, and a page problem next to the images found', async () => {
    const t = await translator('en');
    expect(announcement({ kind: 'failed', code: 'EXTRACTION_FAILED' }, t)).toMatch(/^Extraction failed: \S/);
    const partial = announcement(completed([file('a')], { error: 'Page timed out', errorCode: undefined }), t);
    expect(partial).toBe('Extraction complete: 1 image found. Page timed out');
  });
});
