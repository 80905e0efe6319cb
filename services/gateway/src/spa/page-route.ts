import { DEFAULT_LANGUAGE, SITE_PAGES, isLanguage, type Language, type SitePageKey } from '@pixtract/contracts';

/** What an address of the app shows, as far as the server can tell without running it. */
export type PageRoute =
  | { kind: 'page'; language: Language; page: SitePageKey }
  | { kind: 'article'; language: Language; slug: string }
  | { kind: 'not-found'; language: Language };

const PAGE_BY_PATH = new Map<string, SitePageKey>(
  Object.entries(SITE_PAGES).map(([key, page]) => [page.path, key as SitePageKey]),
);
const ARTICLE = new RegExp(`^${SITE_PAGES.blog.path}/([^/]+)$`);
/** A crawl's page (`/crawls/{id}`): a results page, unlisted like the others, whatever crawl it shows. */
const CRAWL = /^\/crawls\/[^/]+$/;

/**
 * The page of a path: its language prefix (none is English; /en/… is English too, which the app redirects to the
 * unprefixed address), then one of SITE_PAGES, a crawl's results or an article. Anything else — an unknown prefix included — is the
 * not-found page, as the app's router has it.
 */
export function resolvePageRoute(pathname: string): PageRoute {
  const [, first = ''] = pathname.split('/');
  const language = isLanguage(first) ? first : DEFAULT_LANGUAGE;
  const rest = isLanguage(first) ? pathname.slice(first.length + 1) : pathname;
  const path = rest.length > 1 ? rest.replace(/\/+$/, '') : '/';
  const page = PAGE_BY_PATH.get(path || '/');
  if (page) return { kind: 'page', language, page };
  if (CRAWL.test(path)) return { kind: 'page', language, page: 'results' };
  const slug = decoded(ARTICLE.exec(path)?.[1]);
  if (slug) return { kind: 'article', language, slug };
  return { kind: 'not-found', language };
}

/** A path segment as text; a malformed escape (%E0%A4%A) names nothing. */
function decoded(segment: string | undefined): string | undefined {
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
