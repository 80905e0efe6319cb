import { isLanguage, type Language } from '@pixtract/contracts';

// The languages, their tags and directions are the services' too (the gateway writes <html lang dir> and the sitemap).
export {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_TAGS,
  isLanguage,
  textDirection,
  type Language,
} from '@pixtract/contracts';

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

/** A browser language tag (navigator.languages) as one of ours, if we speak it. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.toLowerCase().split('-')[0];
  const byPrimary: Record<string, Language> = { zh: 'cn', ja: 'jp' };
  const code = byPrimary[primary] ?? primary;
  return isLanguage(code) ? code : undefined;
}
