import { LANGUAGE_TAGS, LANGUAGES, SITE_PAGES, localisedPath, type Language } from '@pixtract/contracts';

/** A page of the site, listed under every language with its alternates. */
export interface SitemapPage {
  /** Unprefixed path. */
  path: string;
  /** YYYY-MM-DD. */
  lastmod?: string;
}

/**
 * sitemaps.org XML: every page under each of the nine language prefixes, each naming all nine (and x-default,
 * English) as `xhtml:link` hreflang alternates, as Google reads localised versions from a sitemap.
 */
export function renderSitemap(origin: string, pages: SitemapPage[]): string {
  const address = (language: Language, path: string) => escapeXml(`${origin}${localisedPath(language, path)}`);
  const urls = pages.flatMap((page) => {
    const alternates = [
      ...LANGUAGES.map(
        (language) =>
          `    <xhtml:link rel="alternate" hreflang="${LANGUAGE_TAGS[language]}" href="${address(language, page.path)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${address('en', page.path)}"/>`,
    ];
    return LANGUAGES.map((language) =>
      [
        '  <url>',
        `    <loc>${address(language, page.path)}</loc>`,
        ...(page.lastmod ? [`    <lastmod>${page.lastmod}</lastmod>`] : []),
        ...alternates,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt: everything may be crawled but the API (the articles' pictures excepted) and the pages that are one
 * person's (results start an extraction, the account, payment and admin pages), under every prefix; and where the
 * sitemap is.
 */
export function renderRobots(origin: string): string {
  const privatePaths = Object.values(SITE_PAGES)
    .filter((page) => !page.listed)
    .flatMap((page) => LANGUAGES.map((language) => localisedPath(language, page.path)));
  return [
    'User-agent: *',
    'Allow: /api/blog-images/',
    'Disallow: /api/',
    ...privatePaths.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
