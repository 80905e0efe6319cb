import {
  AUTH_ERROR_MESSAGES,
  BILLING_ERROR_MESSAGES,
  COMMENT_ERROR_MESSAGES,
  ERROR_MESSAGES,
} from '@pixtract/contracts';
import i18next, { type i18n } from 'i18next';
import en from './locales/en.json';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, LANGUAGES, type Language } from './languages';
import { formatNumber } from './number-format';

/**
 * English words of the screens live in en.json; the error catalogues' English lives in contracts (shared with the
 * services), so it joins here under `errors.<CODE>` instead of being copied. Other locales carry both.
 */
export const resources = {
  en: {
    translation: {
      ...en,
      errors: { ...ERROR_MESSAGES, ...AUTH_ERROR_MESSAGES, ...COMMENT_ERROR_MESSAGES, ...BILLING_ERROR_MESSAGES },
    },
  },
};

/** Other locales are their own chunks: a visitor downloads English (the fallback) and their own language only. */
const localeLoaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  cn: () => import('./locales/cn.json'),
  jp: () => import('./locales/jp.json'),
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  ru: () => import('./locales/ru.json'),
  ko: () => import('./locales/ko.json'),
  ar: () => import('./locales/ar.json'),
};

/** Loads `language`'s words (once) and switches the instance to it. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (language !== 'en' && !instance.hasResourceBundle(language, 'translation')) {
    const { default: translation } = await localeLoaders[language]();
    instance.addResourceBundle(language, 'translation', translation);
  }
  if (instance.language !== language) await instance.changeLanguage(language);
}

/**
 * A web address put into a sentence is a left-to-right isolate (U+2066 … U+2069): in Arabic its slashes stay where
 * they belong ("…في https://example.com/." never reads "/https://example.com."). Other values pass as they are.
 */
export const addressesLeftToRight = (value: string): string =>
  /^https?:\/\//i.test(value) ? `\u2066${value}\u2069` : value;

/** One instance per app (and per test), handed down by I18nextProvider rather than a module-level global. */
export function createI18n(language: Language = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    // React escapes what it renders; the hook i18next calls on every value isolates web addresses instead.
    interpolation: { escapeValue: true, escape: addressesLeftToRight },
    initAsync: false,
    // The seed: a missing key is logged and the key shown.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => console.warn(`missing translation: ${key}`),
  });
  // i18next picks plural rules by our codes, and Intl reads cn and jp as English: a count of 1 in Japanese looked
  // for a `_one` form Japanese does not have and fell back to the English sentence. Rules by the real tags instead.
  const plurals = instance.services.pluralResolver as {
    getRule(code: string, options?: object): Intl.PluralRules | undefined;
  };
  const getRule = plurals.getRule.bind(plurals);
  plurals.getRule = (code, options) => getRule(isLanguage(code) ? LANGUAGE_TAGS[code] : code, options);
  // The same for `{{value, number}}`: i18next hands Intl our codes, and Intl writes cn's and jp's numbers as English.
  instance.services.formatter?.add(
    'number',
    (value: number, language: string | undefined, options: Intl.NumberFormatOptions) =>
      formatNumber(value, language ?? DEFAULT_LANGUAGE, options),
  );
  return instance;
}
