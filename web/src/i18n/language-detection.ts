import { DEFAULT_LANGUAGE, isLanguage, languageOfTag, type Language } from './languages';

const PREFERRED_LANGUAGE_COOKIE = 'preferredLang';
const ONE_YEAR_S = 31_536_000;

/** The language a path names with its first segment, if any (`/jp/results` → jp). */
export function languageOfPath(pathname: string): Language | undefined {
  const first = pathname.split('/')[1];
  return isLanguage(first) ? first : undefined;
}

/** `path` (unprefixed, e.g. `/results?url=…`) as the address of that page in `language`. */
export function localisedPath(language: Language, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** `pathname` without its language prefix. */
export function unprefixedPath(pathname: string): string {
  const language = languageOfPath(pathname);
  if (!language) return pathname;
  return pathname.slice(language.length + 1) || '/';
}

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
