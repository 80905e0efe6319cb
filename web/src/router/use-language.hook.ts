import { useCallback } from 'react';
import { useParams } from 'react-router';
import { localisedPath } from '../i18n/language-detection';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/languages';

/** The language of the current address: its prefix, or English without one. */
export function useLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Turns an unprefixed app path into the current language's address of it. */
export function useLocalisedPath(): (path: string) => string {
  const language = useLanguage();
  return useCallback((path: string) => localisedPath(language, path), [language]);
}
