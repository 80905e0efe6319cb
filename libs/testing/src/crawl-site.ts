import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CrawlSiteOptions {
  /** Plain pages /site/p/1.html … /site/p/N.html, linked as a binary tree from /site/ (breadth first reaches all). */
  pages?: number;
  /** Every how-manyth plain page draws its picture with a script (needs the browser); 0: none. */
  browserEvery?: number;
  /** robots.txt's Crawl-delay for Pixtract, in seconds (none when unset). */
  crawlDelay?: number;
  /** /site/busy/*.html answers 429 (Retry-After: 1) to its first this many requests. */
  busyAnswers?: number;
  /** Gallery pages /site/gallery?page=1…N (rel=next, "Next" words in several languages, arrows). */
  galleryPages?: number;
  /**
   * Where the page's "another site" link points (an origin that is not this site's); /site/away/ then links three
   * pages that move there by themselves: an HTTP redirect, a meta refresh and a script.
   */
  otherSite?: string;
  /** Added to every page answer, counted as in flight (a real site's time to answer). */
  latencyMs?: number;
}

export interface CrawlSite {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /** Page (HTML) requests in flight now, and the most ever. */
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** How many times each page path was requested (robots.txt and images excluded). */
  readonly pageHits: Map<string, number>;
}

/** Slower than the extractor's browser head start (1 s) and a Chromium launch: a crawl still asks for it once. */
const SLOW_PAGE_MS = 3_000;
const GONE_PATH = '/site/gone.html';

const html = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

/** The Next link of gallery page `n`, worded differently on each page (the nine languages, arrows, rel=next). */
const NEXT_LINKS = [
  (href: string) => `<a href="${href}" rel="next">2</a>`,
  (href: string) => `<a href="${href}">Next</a>`,
  (href: string) => `<a href="${href}">Suivant</a>`,
  (href: string) => `<a href="${href}">下一页</a>`,
  (href: string) => `<a href="${href}" aria-label="Next page">›</a>`,
  (href: string) => `<a href="${href}">»</a>`,
  (href: string) => `<a href="${href}">Weiter</a>`,
  (href: string) => `<a href="${href}">次へ</a>`,
  (href: string) => `<a href="${href}">Далее</a>`,
  (href: string) => `<a href="${href}">다음</a>`,
  (href: string) => `<a href="${href}">التالي</a>`,
  (href: string) => `<a href="${href}">Siguiente</a>`,
];

/**
 * A small site for crawl tests and the bench, served under /site/ by the fixture server (`handle`): plain pages in a
 * tree, a gallery behind Next links, photo pages behind thumbnails, robots.txt (disallowing /site/private/), a
 * calendar trap, a sitemap.xml listing a page nothing links to, a page with a canonical address, a link to
 * another site and pages that move there, a busy host, a slow page (/site/slow.html, 3 s) and one that is gone
 * (/site/gone.html, 404). It counts page requests in flight to check politeness.
 */
export function crawlSite(options: CrawlSiteOptions = {}): CrawlSite {
  const pages = options.pages ?? 10;
  const galleryPages = options.galleryPages ?? 5;
  let inFlight = 0;
  let maxInFlight = 0;
  let busyLeft = options.busyAnswers ?? 0;
  const pageHits = new Map<string, number>();

  const page = (path: string): string | undefined => {
    if (path === '/site/' || path === '/site') {
      const links = [1, 2].filter((n) => n <= pages).map((n) => `<a href="/site/p/${n}.html">Page ${n}</a>`);
      return html(
        'Crawl site',
        `<img src="/images/640x480.png?c=101010" alt="Home">
         ${links.join(' ')}
         <a href="/site/gallery?page=1">Gallery</a> <a href="/site/photos/">Photos</a>
         <a href="/site/calendar/2030/1">Calendar</a> <a href="/site/private/secret.html">Private</a>
         <a href="/site/dup?utm_source=home#top">Duplicate</a> <a href="/site/#again">Home again</a>
         <a href="mailto:someone@example.com">Mail</a>
         ${options.otherSite ? `<a href="${options.otherSite}/site/p/1.html">Another site</a>` : ''}`,
      );
    }
    const plain = /^\/site\/p\/(\d+)\.html$/.exec(path);
    if (plain && Number(plain[1]) <= pages) {
      const n = Number(plain[1]);
      const children = [2 * n + 1, 2 * n + 2].filter((child) => child <= pages);
      const picture = `/images/${300 + n}x200.png?c=${((n * 40503) % 0xffffff).toString(16).padStart(6, '0')}`;
      const byScript = options.browserEvery && n % options.browserEvery === 0;
      const body = byScript
        ? `<div id="pic"></div><script>document.getElementById('pic').innerHTML = '<img src="${picture}" alt="Picture ${n}">';</script>`
        : `<img src="${picture}" alt="Picture ${n}">`;
      return html(
        `Page ${n}`,
        `${body}<img src="/images/64x64.png?c=ff0000" alt="Logo">
         ${children.map((child) => `<a href="/site/p/${child}.html">Page ${child}</a>`).join(' ')}`,
      );
    }
    if (options.otherSite && (path === '/site/away/' || path === '/site/away'))
      return html(
        'Moving away',
        '<a href="/site/away/redirect.html">Redirect</a> <a href="/site/away/refresh.html">Refresh</a> <a href="/site/away/script.html">Script</a>',
      );
    if (options.otherSite && path === '/site/away/refresh.html')
      return html('Refresh', '', `<meta http-equiv="refresh" content="0; url=${options.otherSite}/site/p/1.html">`);
    if (options.otherSite && path === '/site/away/script.html')
      return html(
        'Script',
        `<script>location.replace(${JSON.stringify(`${options.otherSite}/site/p/2.html`)});</script>`,
      );
    if (path === '/site/gallery') return undefined;
    if (path === '/site/photos/' || path === '/site/photos') {
      return html(
        'Photos',
        [1, 2, 3]
          .map(
            (n) => `<a href="/site/photos/${n}.html"><img src="/images/120x90.png?c=0000${n}0" alt="Thumb ${n}"></a>`,
          )
          .join(''),
      );
    }
    const photo = /^\/site\/photos\/(\d)\.html$/.exec(path);
    if (photo)
      return html(
        `Photo ${photo[1]}`,
        `<img src="/images/1600x1200.png?c=0000${photo[1]}0" alt="Photo ${photo[1]}"><img src="/images/64x64.png?c=ff0000" alt="Logo">`,
      );
    const month = /^\/site\/calendar\/(\d+)\/(\d+)$/.exec(path);
    if (month) {
      const [year, m] = [Number(month[1]), Number(month[2])];
      const next = m === 12 ? `${year + 1}/1` : `${year}/${m + 1}`;
      return html(`Calendar ${year}-${m}`, `<a href="/site/calendar/${next}">Next month</a>`);
    }
    if (path === '/site/dup')
      return html(
        'Duplicate',
        '<img src="/images/50x50.png?c=00ff00" alt="Dup">',
        '<link rel="canonical" href="/site/">',
      );
    if (path === '/site/hidden.html')
      return html('Hidden', '<img src="/images/333x222.png?c=abcdef" alt="Only in the sitemap">');
    if (path === '/site/slow.html') return html('Slow', '<img src="/images/210x140.png?c=aa5500" alt="Slow">');
    // A site's own "not found" page, in HTML (answered 404).
    if (path === GONE_PATH) return html('Not found', '<p>This page is gone.</p>');
    if (path === '/site/private/secret.html')
      return html('Secret', '<img src="/images/99x99.png?c=999999" alt="Secret">');
    return undefined;
  };

  const galleryPage = (n: number): string | undefined => {
    if (n < 1 || n > galleryPages) return undefined;
    const next = n < galleryPages ? NEXT_LINKS[(n - 1) % NEXT_LINKS.length](`/site/gallery?page=${n + 1}`) : '';
    return html(
      `Gallery ${n}`,
      `<img src="/images/800x600.png?c=00${n}${n}00" alt="Gallery ${n}"> <a href="/site/p/1.html">Elsewhere</a> ${next}`,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (url.pathname === '/robots.txt') {
      const delay = options.crawlDelay === undefined ? '' : `Crawl-delay: ${options.crawlDelay}\n`;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(
        `User-agent: *\nDisallow: /nothing-for-anyone/\n\nUser-agent: Pixtract\nDisallow: /site/private/\n${delay}\nSitemap: ${`http://${req.headers.host}`}/sitemap.xml\n`,
      );
      return true;
    }
    if (url.pathname === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://${req.headers.host}/site/hidden.html</loc></url></urlset>`,
      );
      return true;
    }
    if (options.otherSite && url.pathname === '/site/away/redirect.html') {
      res.writeHead(302, { location: `${options.otherSite}/site/` });
      res.end();
      return true;
    }
    const busy = /^\/site\/busy\/\w+\.html$/.test(url.pathname);
    const body =
      url.pathname === '/site/gallery'
        ? galleryPage(Number(url.searchParams.get('page') ?? '1'))
        : busy
          ? html('Busy', '<img src="/images/77x77.png?c=777777" alt="Busy">')
          : page(url.pathname);
    if (body === undefined) return false;
    const key = `${url.pathname}${url.search}`;
    pageHits.set(key, (pageHits.get(key) ?? 0) + 1);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once('close', () => (inFlight -= 1));
    const latencyMs = url.pathname === '/site/slow.html' ? SLOW_PAGE_MS : options.latencyMs;
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    if (busy && busyLeft > 0) {
      busyLeft -= 1;
      res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '1' });
      res.end(html('Too many requests', 'Slow down'));
      return true;
    }
    res.writeHead(url.pathname === GONE_PATH ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
    return true;
  };

  return {
    handle,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    pageHits,
  };
}
