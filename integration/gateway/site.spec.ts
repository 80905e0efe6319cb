import {
  LANGUAGE_TAGS,
  LANGUAGES,
  PAGE_META_FILE,
  SITE_PAGES,
  blogPostPath,
  localisedPath,
  textDirection,
  type BlogPost,
  type Language,
  type SitePageKey,
} from '@pixtract/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GatewayHarness, startGateway } from '../support/gateway-harness';
import { PAGE_WORDS } from '../support/web-dist.fixture';

const ORIGIN = 'https://pixtract.example';
const WEB = join(__dirname, '..', '..', 'web');

const PAGES = Object.entries(SITE_PAGES) as Array<[SitePageKey, (typeof SITE_PAGES)[SitePageKey]]>;
const LISTED = PAGES.filter(([, page]) => page.listed);

/** What a crawler without JavaScript reads of one page's head. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attribute: string, key: string) =>
    new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(head)?.[1];
  return {
    html: /<html [^>]*>/.exec(html)?.[0],
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => match[1]),
    description: meta('name', 'description'),
    robots: meta('name', 'robots'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(head)?.[1],
    alternates: Object.fromEntries(
      [...head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map((match) => [
        match[1],
        match[2],
      ]),
    ),
    og: (key: string) => meta('property', `og:${key}`),
  };
}

const decoded = (text: string | undefined) =>
  text?.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));

describe('what search engines and link previews read: sitemap, robots.txt and page heads', () => {
  let gateway: GatewayHarness;
  let webDist: string;
  let posts: BlogPost[];
  let builtOn: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    copyFileSync(join(WEB, 'index.html'), join(webDist, 'index.html'));
    writeFileSync(join(webDist, PAGE_META_FILE), JSON.stringify(PAGE_WORDS));
    builtOn = statSync(join(webDist, 'index.html')).mtime.toISOString().slice(0, 10);
    gateway = await startGateway('gateway_site', { WEB_DIST: webDist, PUBLIC_URL: `${ORIGIN}/` });
    posts = (await (await fetch(`${gateway.base}/api/blog-posts`)).json()) as BlogPost[];
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('/sitemap.xml', () => {
    let xml: string;
    let urls: Array<{ loc: string; lastmod?: string; 'xhtml:link': Array<{ '@_hreflang': string; '@_href': string }> }>;

    beforeAll(async () => {
      // A person following the footer's link: the browser asks for HTML first, and gets the sitemap all the same.
      const res = await fetch(`${gateway.base}/sitemap.xml`, {
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      xml = await res.text();
      urls = new XMLParser({
        ignoreAttributes: false,
        isArray: (name) => name === 'url' || name === 'xhtml:link',
      }).parse(xml).urlset.url;
    });

    it('is well-formed sitemaps.org XML', () => {
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
      );
    });

    it('lists every public page and every article under each of the nine languages, and nothing else', () => {
      const paths = [...LISTED.map(([, page]) => page.path), ...posts.map((post) => blogPostPath(post.slug))];
      const expected = paths.flatMap((path) =>
        LANGUAGES.map((language) => `${ORIGIN}${localisedPath(language, path)}`),
      );
      expect(urls.map((url) => url.loc).sort()).toEqual(expected.sort());
      expect(urls).toHaveLength(paths.length * 9);
      expect(posts.length).toBeGreaterThanOrEqual(8);
    });

    it('names every language version of each address as an hreflang alternate, with x-default English', () => {
      for (const url of urls) {
        const path = url.loc.slice(ORIGIN.length).replace(/^\/(cn|jp|es|fr|de|ru|ko|ar)(?=\/|$)/, '') || '/';
        const alternates = Object.fromEntries(url['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']]));
        expect(alternates).toEqual({
          ...Object.fromEntries(
            LANGUAGES.map((language) => [LANGUAGE_TAGS[language], `${ORIGIN}${localisedPath(language, path)}`]),
          ),
          'x-default': `${ORIGIN}${path}`,
        });
      }
    });

    it("dates each page by the app's build, the blog by its newest article, and each article by its own day", () => {
      const lastmod = (path: string) => urls.find((url) => url.loc === `${ORIGIN}${path}`)?.lastmod;
      expect(lastmod('/pricing')).toBe(builtOn);
      expect(lastmod('/ar/terms')).toBe(builtOn);
      expect(lastmod('/blog')).toBe([builtOn, posts[0].date].sort().at(-1));
      for (const post of posts) expect(lastmod(`/de${blogPostPath(post.slug)}`)).toBe(post.date);
    });
  });

  it('/robots.txt names the sitemap and keeps crawlers off the API and the pages that are one person’s', async () => {
    const res = await fetch(`${gateway.base}/robots.txt`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const robots = await res.text();
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/\n');
    expect(robots).toContain('Allow: /api/blog-images/');
    for (const path of ['/results', '/ar/results', '/member', '/jp/admin'])
      expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).not.toMatch(/Disallow: \/(blog|pricing|terms|privacy)\n/);
  });

  it.each(['/auth/google', '/ar/auth/google', '/jp/auth/google/'])(
    '%s (the specification’s Google sign-in link) starts Google sign-in at the server, not the not-found page',
    async (path) => {
      const res = await fetch(gateway.base + path, { headers: { accept: 'text/html' }, redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/api/auth/google');
    },
  );

  describe.each(LANGUAGES)('the pages in %s', (language: Language) => {
    it.each(PAGES)(
      "%s: <html lang dir>, the app's own title and description, canonical and alternates (or noindex), Open Graph",
      async (key, page) => {
        const res = await fetch(gateway.base + localisedPath(language, page.path), {
          headers: { accept: 'text/html' },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        const head = headOf(await res.text());
        expect(head.html).toBe(
          `<html lang="${LANGUAGE_TAGS[language]}" dir="${textDirection(language)}" class="dark">`,
        );
        expect(head.titles.map(decoded)).toEqual([PAGE_WORDS[language][key].title]);
        expect(decoded(head.description)).toBe(PAGE_WORDS[language][key].description);
        expect(decoded(head.og('title'))).toBe(PAGE_WORDS[language][key].title);
        expect(head.og('locale')).toBe(LANGUAGE_TAGS[language].replace('-', '_'));
        if (page.listed) {
          expect(head.canonical).toBe(`${ORIGIN}${localisedPath(language, page.path)}`);
          expect(head.alternates['x-default']).toBe(`${ORIGIN}${page.path}`);
          expect(Object.keys(head.alternates)).toHaveLength(10);
          expect(head.robots).toBeUndefined();
        } else {
          expect(head.canonical).toBeUndefined();
          expect(head.robots).toBe('noindex');
        }
      },
    );
  });

  it("gives an article its own title, description, picture and publication day, in the reader's language", async () => {
    const [post] = posts;
    const head = headOf(
      await (await fetch(`${gateway.base}/fr${blogPostPath(post.slug)}`, { headers: { accept: 'text/html' } })).text(),
    );
    expect(head.html).toBe('<html lang="fr" dir="ltr" class="dark">');
    expect(head.titles.map(decoded)).toEqual([PAGE_WORDS.fr.article.replace('{{title}}', post.title)]);
    expect(decoded(head.description)).toBe(post.description);
    expect(head.canonical).toBe(`${ORIGIN}/fr${blogPostPath(post.slug)}`);
    expect(head.og('type')).toBe('article');
    expect(head.og('image')).toBe(`${ORIGIN}${post.image}`);
  });

  it.each([
    ['/no/such/page', 'en', 'notFound'],
    ['/ar/nothing-here', 'ar', 'notFound'],
    ['/xx/pricing', 'en', 'notFound'],
    ['/blog/no-such-article', 'en', 'articleNotFound'],
    ['/ko/blog/no-such-article', 'ko', 'articleNotFound'],
  ] as const)('answers %s with 404, its not-found title in %s and noindex', async (path, language, words) => {
    const res = await fetch(gateway.base + path, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    const head = headOf(await res.text());
    expect(head.html).toContain(`lang="${LANGUAGE_TAGS[language]}"`);
    expect(head.titles.map(decoded)).toEqual([PAGE_WORDS[language][words].title]);
    expect(head.robots).toBe('noindex');
  });
});
