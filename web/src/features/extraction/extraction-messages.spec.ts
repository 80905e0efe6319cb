import { extractionWarningText, type ExtractionWarning } from '@pixtract/contracts';
import { createI18n, switchLanguage } from '../../i18n/i18n';
import type { Language } from '../../i18n/languages';
import { catalogueText, pageErrorText, warningsText } from './extraction-messages';

async function translator(language: Language) {
  const i18n = createI18n();
  await switchLanguage(i18n, language);
  return i18n.t;
}

/** One of each code and form: every cap, a single and several refused requests, a number to group. */
const SAMPLES: ExtractionWarning[] = [
  { code: 'HTTP_STATUS', values: { status: 404 } },
  { code: 'SCROLL_CAPPED', values: { cap: 'steps' } },
  { code: 'SCROLL_CAPPED', values: { cap: 'height' } },
  { code: 'SCROLL_CAPPED', values: { cap: 'time' } },
  { code: 'REFUSED_REQUESTS', values: { count: 1 } },
  { code: 'REFUSED_REQUESTS', values: { count: 3 } },
  { code: 'ELEMENTS_CAPPED', values: { limit: 30_000 } },
  { code: 'IMAGES_CAPPED', values: { limit: 10_000 } },
  { code: 'IMAGES_UNMEASURED', values: { count: 1 } },
  { code: 'IMAGES_UNMEASURED', values: { count: 1_250 } },
  { code: 'STOPPED_AT_TIME_LIMIT' },
  { code: 'STILL_LOADING', values: { seconds: 30 } },
  { code: 'NOT_HTML', values: { type: 'application/pdf' } },
];

const warned = (warningDetails: ExtractionWarning[]) => ({
  warnings: warningDetails.map(extractionWarningText),
  warningDetails,
});

describe('extraction messages', () => {
  it.each(SAMPLES.map((warning) => [warning.code, warning] as const))(
    "words %s in English exactly as the server's English",
    async (_code, warning) => {
      expect(warningsText(await translator('en'), warned([warning]))).toBe(extractionWarningText(warning));
    },
  );

  it('words warnings in French, one sentence after another', async () => {
    const t = await translator('fr');
    expect(
      warningsText(
        t,
        warned([
          { code: 'HTTP_STATUS', values: { status: 404 } },
          { code: 'REFUSED_REQUESTS', values: { count: 1 } },
        ]),
      ),
    ).toBe(
      'La page a répondu avec le statut HTTP 404. 1 requête de cette page visait une adresse privée ou locale et a été refusée.',
    );
    expect(warningsText(t, warned([{ code: 'ELEMENTS_CAPPED', values: { limit: 30_000 } }]))).toBe(
      'La page compte plus de 30\u202f000 éléments ; seuls les premiers ont été examinés.',
    );
  });

  it('words warnings in Arabic with its plural forms, the time limit with the catalogue message', async () => {
    const t = await translator('ar');
    expect(warningsText(t, warned([{ code: 'REFUSED_REQUESTS', values: { count: 2 } }]))).toBe(
      'رُفض طلبان من هذه الصفحة لأنهما اتجها إلى عناوين خاصة أو محلية.',
    );
    expect(warningsText(t, warned([{ code: 'SCROLL_CAPPED', values: { cap: 'time' } }]))).toBe(
      'ظلّت الصفحة تطول؛ توقّف التمرير عند الحدّ الزمني، لذا لم تُحمَّل الصور الموجودة في الأسفل.',
    );
    expect(warningsText(t, warned([{ code: 'STOPPED_AT_TIME_LIMIT' }]))).toBe(
      'استغرق تحميل الصفحة وقتًا طويلًا جدًا. هذه هي الصور التي عُثر عليها قبل إيقافها.',
    );
    expect(warningsText(t, warned([{ code: 'IMAGES_UNMEASURED', values: { count: 2 } }]))).toBe(
      'تعذّرت قراءة حجم صورتين في الوقت المحدد.',
    );
  });

  it('words a single refused request in Japanese, not in English (cn and jp are not Intl tags)', async () => {
    expect(warningsText(await translator('jp'), warned([{ code: 'REFUSED_REQUESTS', values: { count: 1 } }]))).toBe(
      'このページの 1 件のリクエストはプライベートまたはローカルのアドレス宛てだったため、拒否されました。',
    );
  });

  it('keeps the English of a code this build does not know, and of results stored without codes', async () => {
    const t = await translator('fr');
    const newer = {
      warnings: ['A new warning.', 'The page answered with HTTP status 500.'],
      warningDetails: [
        { code: 'NEW_WARNING' },
        { code: 'HTTP_STATUS', values: { status: 500 } },
      ] as ExtractionWarning[],
    };
    expect(warningsText(t, newer)).toBe('A new warning. La page a répondu avec le statut HTTP 500.');
    expect(warningsText(t, { warnings: ['Old words.'] })).toBe('Old words.');
  });

  it("words the page's problem by its catalogue code, else as sent", async () => {
    const t = await translator('ar');
    expect(
      pageErrorText(t, {
        error: 'We could not find that website. Check the address and try again.',
        errorCode: 'HOST_NOT_FOUND',
      }),
    ).toBe('لم نتمكن من العثور على هذا الموقع. تحقّق من العنوان وحاول مرة أخرى.');
    expect(pageErrorText(t, { error: 'Something the catalogue does not have.' })).toBe(
      'Something the catalogue does not have.',
    );
    // Words the server composed around a code (the daily limit with its numbers) are not the catalogue's.
    expect(catalogueText(t, 'DAILY_LIMIT_REACHED', "You've reached your daily limit of 500 images.")).toBe(
      "You've reached your daily limit of 500 images.",
    );
    expect(catalogueText(t, 'EXTRACTION_FAILED', undefined)).toBe(
      'تعذّر استخراج الصور من العنوان المقدَّم. يرجى تجربة عنوان آخر.',
    );
  });
});
