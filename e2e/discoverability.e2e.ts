import { expect, test } from './support';

/** Every language of the product: its path prefix and the tag the page declares. */
const LANGUAGES = [
  { prefix: '', tag: 'en', dir: 'ltr' },
  { prefix: '/cn', tag: 'zh-CN', dir: 'ltr' },
  { prefix: '/jp', tag: 'ja', dir: 'ltr' },
  { prefix: '/es', tag: 'es', dir: 'ltr' },
  { prefix: '/fr', tag: 'fr', dir: 'ltr' },
  { prefix: '/de', tag: 'de', dir: 'ltr' },
  { prefix: '/ru', tag: 'ru', dir: 'ltr' },
  { prefix: '/ko', tag: 'ko', dir: 'ltr' },
  { prefix: '/ar', tag: 'ar', dir: 'rtl' },
];
const PUBLIC_PAGES = ['/', '/pricing', '/blog', '/terms', '/privacy', '/auth'];
const at = (prefix: string, path: string) => (path === '/' ? prefix || '/' : prefix + path);

interface ParsedSitemap {
  error?: string;
  root?: string;
  urls?: Array<{ loc: string; lastmod: string; alternates: string[] }>;
}

/** Runs in the page (a string: this file's Node types do not apply there): Chromium's XML parser, namespaces and all. */
const PARSE_SITEMAP = `(text) => {
  const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) return { error: error.textContent };
  return {
    root: doc.documentElement.namespaceURI,
    urls: [...doc.getElementsByTagNameNS(SITEMAP, 'url')].map((url) => ({
      loc: url.getElementsByTagNameNS(SITEMAP, 'loc')[0]?.textContent,
      lastmod: url.getElementsByTagNameNS(SITEMAP, 'lastmod')[0]?.textContent,
      alternates: [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => link.getAttribute('hreflang')),
    })),
  };
}`;

test('the sitemap is well-formed XML listing every public page and article in every language, with alternates and dates', async ({
  page,
  baseURL,
}) => {
  const res = await page.request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await res.text();
  const articles = ((await (await page.request.get('/api/blog-posts')).json()) as Array<{ slug: string }>).map(
    (post) => `/blog/${post.slug}`,
  );
  expect(articles.length).toBeGreaterThanOrEqual(8);

  // Chromium's own XML parser: a parse error is a <parsererror> document.
  await page.goto('/');
  const parsed = await page.evaluate<ParsedSitemap>(`(${PARSE_SITEMAP})(${JSON.stringify(xml)})`);
  expect(parsed.error).toBeUndefined();
  expect(parsed.root).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const expected = [...PUBLIC_PAGES, ...articles].flatMap((path) =>
    LANGUAGES.map(({ prefix }) => `${baseURL}${at(prefix, path)}`),
  );
  expect(parsed.urls!.map((url) => url.loc).sort()).toEqual(expected.sort());
  for (const url of parsed.urls!) {
    expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(url.alternates.sort()).toEqual([...LANGUAGES.map(({ tag }) => tag), 'x-default'].sort());
  }

  // The footer's Sitemap link opens it, XML and not the app's 404.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap' }).click();
  await expect(page).toHaveURL(/\/sitemap\.xml$/);
  expect(await page.evaluate('document.documentElement.localName')).toBe('urlset');

  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test.describe('what a crawler without JavaScript reads', () => {
  test.use({ javaScriptEnabled: false });

  for (const { prefix, tag, dir } of LANGUAGES) {
    test(`the public pages in ${tag}: lang, dir, their own title and description, canonical, hreflang and Open Graph`, async ({
      page,
      baseURL,
    }) => {
      const titles = new Set<string>();
      for (const path of PUBLIC_PAGES) {
        const response = await page.goto(at(prefix, path));
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', tag);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        const title = await page.title();
        expect(title).toMatch(/Pixtract/);
        titles.add(title);
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${at(prefix, path)}`);
        await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(10);
        await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
          'href',
          `${baseURL}${path}`,
        );
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
          'content',
          `${baseURL}${at(prefix, path)}`,
        );
      }
      // Each page is titled for itself.
      expect(titles.size).toBe(PUBLIC_PAGES.length);
    });
  }

  test('an article has its own title, description and picture; private pages are noindex; an unknown page is a 404', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/ar/blog/css-background-images');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.title()).toBe('CSS background images: the pictures you cannot right-click | مدونة Pixtract');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${baseURL}/api/blog-images/css-background-images.svg`,
    );

    for (const path of ['/member', '/admin', '/results?url=example.com']) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    }
    const missing = await page.goto('/de/no/such/page');
    expect(missing?.status()).toBe(404);
    expect(await page.title()).toBe('Seite nicht gefunden | Pixtract');
  });
});

test('the tab title follows the page as a visitor moves through the app', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Pixtract – Download every image from any web page');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveTitle('Blog: guides to collecting images from the web | Pixtract');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle('Privacy Policy | Pixtract');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(page).toHaveURL(/\/fr\/privacy$/);
  await expect(page).toHaveTitle('Politique de confidentialité | Pixtract');
});
