import { z } from 'zod';

/** Every language the product speaks; English has no path prefix, the others live under /{code}. */
export const LANGUAGES = ['en', 'cn', 'jp', 'es', 'fr', 'de', 'ru', 'ko', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The BCP 47 tag for <html lang> and hreflang: the product's codes cn and jp are not language tags. */
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

export const isLanguage = (code: string | undefined): code is Language =>
  (LANGUAGES as readonly string[]).includes(code ?? '');

export const textDirection = (language: Language): 'rtl' | 'ltr' => (language === 'ar' ? 'rtl' : 'ltr');

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

/**
 * The app's pages as the server knows them: the sitemap lists the `listed` ones under every language, and the
 * gateway writes each page's <head> (title and description from the web's `pageMeta.<key>` translations). The
 * others are answered with `noindex`. Adding a page to the app is one entry here (and its route and words).
 */
export const SITE_PAGES = {
  home: { path: '/', listed: true },
  pricing: { path: '/pricing', listed: true },
  blog: { path: '/blog', listed: true },
  terms: { path: '/terms', listed: true },
  privacy: { path: '/privacy', listed: true },
  auth: { path: '/auth', listed: true },
  results: { path: '/results', listed: false },
  member: { path: '/member', listed: false },
  payment: { path: '/payment', listed: false },
  subscription: { path: '/subscription', listed: false },
  admin: { path: '/admin', listed: false },
} as const satisfies Record<string, { path: string; listed: boolean }>;
export type SitePageKey = keyof typeof SITE_PAGES;

/** An article's address: the blog's path and its slug. */
export const blogPostPath = (slug: string): string => `${SITE_PAGES.blog.path}/${slug}`;

const pageWordsSchema = z.object({ title: z.string().min(1), description: z.string().min(1) });

/**
 * One language's `pageMeta` translations: each page's words, the not-found pages', and the title of an article
 * (`{{title}}` is the post's). The web build writes every language's into page-meta.json for the gateway.
 */
export const pageMetaSchema = z.object({
  ...(Object.fromEntries(Object.keys(SITE_PAGES).map((key) => [key, pageWordsSchema])) as Record<
    SitePageKey,
    typeof pageWordsSchema
  >),
  notFound: pageWordsSchema,
  articleNotFound: pageWordsSchema,
  article: z.string().includes('{{title}}'),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const pageMetaFileSchema = z.object(
  Object.fromEntries(LANGUAGES.map((language) => [language, pageMetaSchema])) as Record<
    Language,
    typeof pageMetaSchema
  >,
);
export type PageMetaFile = z.infer<typeof pageMetaFileSchema>;

/** The file the web build writes next to index.html. */
export const PAGE_META_FILE = 'page-meta.json';
