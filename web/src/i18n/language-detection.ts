import { languageOfPath } from '@pixtract/contracts';
import { DEFAULT_LANGUAGE, isLanguage, languageOfTag, type Language } from './languages';

// Prefixed paths are the gateway's business too (page heads, the sitemap): one definition, in contracts.
export { languageOfPath, localisedPath, unprefixedPath } from '@pixtract/contracts';

const PREFERRED_LANGUAGE_COOKIE = 'preferredLang';
const ONE_YEAR_S = 31_536_000;

export function readPreferredLanguage(cookie: string): Language | undefined {
  const value = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === PREFERRED_LANGUAGE_COOKIE)?.[1];
  return isLanguage(value) ? value : undefined;
}

export function storePreferredLanguage(language: Language): void {
  document.cookie = `${PREFERRED_LANGUAGE_COOKIE}=${language}; max-age=${ONE_YEAR_S}; path=/; samesite=lax`;
}

/** The seed's order: the path's prefix, then the cookie, then the browser's languages, then English. */
export function detectLanguage(pathname: string, cookie: string, browserLanguages: readonly string[]): Language {
  return (
    languageOfPath(pathname) ??
    readPreferredLanguage(cookie) ??
    browserLanguages.map(languageOfTag).find((language) => language !== undefined) ??
    DEFAULT_LANGUAGE
  );
}
