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
