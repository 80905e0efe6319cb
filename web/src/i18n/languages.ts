/** Every language the product speaks; English has no path prefix, the others live under /{code}. */
export const LANGUAGES = ['en', 'cn', 'jp', 'es', 'fr', 'de', 'ru', 'ko', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name for itself, as the language dropdown lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  cn: '中文',
  jp: '日本語',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
  ko: '한국어',
  ar: 'العربية',
};

/** The BCP 47 tag for <html lang>: the product's codes cn and jp are not language tags. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  cn: 'zh-CN',
  jp: 'ja',
  es: 'es',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
  ko: 'ko',
  ar: 'ar',
};

export const isLanguage = (code: string | undefined): code is Language => (LANGUAGES as readonly string[]).includes(code ?? '');

export const textDirection = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

/** A browser language tag (navigator.languages) as one of ours, if we speak it. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.toLowerCase().split('-')[0];
  const byPrimary: Record<string, Language> = { zh: 'cn', ja: 'jp' };
  const code = byPrimary[primary] ?? primary;
  return isLanguage(code) ? code : undefined;
}
