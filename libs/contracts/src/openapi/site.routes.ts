import { ApiRoute, textAnswer } from './api-route';

const SITEMAP_EXAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <url>
    <loc>https://pixtract.app/pricing</loc>
    <lastmod>2025-10-14</lastmod>
    <xhtml:link rel="alternate" hreflang="en" href="https://pixtract.app/pricing"/>
    <xhtml:link rel="alternate" hreflang="zh-CN" href="https://pixtract.app/cn/pricing"/>
    <xhtml:link rel="alternate" hreflang="x-default" href="https://pixtract.app/pricing"/>
  </url>
</urlset>
`;

const ROBOTS_EXAMPLE = `User-agent: *
Allow: /api/blog-images/
Disallow: /api/
Disallow: /results
Disallow: /jp/results

Sitemap: https://pixtract.app/sitemap.xml
`;

/** The files search engines read, at the root of the site (outside /api). */
export const SITE_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/sitemap.xml',
    tags: ['Site'],
    summary: 'The sitemap',
    description:
      'Every public page and article under each of the nine language prefixes, each naming the others (and x-default, English) as hreflang alternates.',
    responses: { 200: textAnswer('sitemaps.org XML (shortened here).', 'application/xml', SITEMAP_EXAMPLE) },
  },
  {
    method: 'get',
    path: '/robots.txt',
    tags: ['Site'],
    summary: 'Rules for crawlers',
    description:
      'The API (the articles’ pictures excepted) and the pages that are one person’s (results, account, payment, admin) are not to be crawled, under every language prefix; and where the sitemap is.',
    responses: { 200: textAnswer('robots.txt (shortened here).', 'text/plain', ROBOTS_EXAMPLE) },
  },
];
