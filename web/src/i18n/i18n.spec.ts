import { createI18n, switchLanguage } from './i18n';

describe('createI18n', () => {
  it.each([
    ['jp', '1 枚'],
    ['cn', '1 张图片'],
  ] as const)('counts one in %s by its own plural rules, not English ones', async (language, words) => {
    const i18n = createI18n();
    await switchLanguage(i18n, language);
    expect(i18n.t('results.count', { count: 1 })).toBe(words);
  });
});

describe('values put into sentences', () => {
  it('makes a web address a left-to-right isolate, in Arabic and everywhere, and leaves other values alone', async () => {
    const i18n = createI18n();
    await switchLanguage(i18n, 'ar');
    const sentence = i18n.t('notices.extractedText', { count: 3, source: 'https://example.com/' });
    expect(sentence).toContain('\u2066https://example.com/\u2069');
    expect(i18n.t('results.dimensions', { width: 1600, height: 1067 })).toBe('١٦٠٠ × ١٠٦٧');
    expect(i18n.t('dialog.downloadSize', { size: '<b>' })).toBe('تنزيل <b>');
  });
});
