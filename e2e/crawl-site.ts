import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureUrl } from './support';

/** A site of our own for this run's crawls; `url(path)` addresses one of its pages. */
export interface CrawlSite {
  url(path: string): string;
  close(): Promise<void>;
}

const image = (width: number, height: number, tag: string) =>
  `<img src="${fixtureUrl(`/images/${width}x${height}.png?c=${tag}`)}" alt="Photo ${tag}" width="${width}" height="${height}">`;
const html = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><h1>${title}</h1>${body}</body></html>`;
/** How long each page of /slow/ takes: with at most two requests in flight to a host, its eight take half a minute. */
const SLOW_PAGE_MS = 8000;
/** On every page of the gallery: the same logo (one file "on 3 pages"). */
const LOGO = image(240, 80, '1f2937');

/**
 * /gallery/1.html → 2.html → 3.html, linked by rel=next and a "Next ›" link, two photos each and the logo; page 3
 * also points at /private/4.html, which robots.txt disallows. /slow/ is a hub of eight pages that each take eight
 * seconds, for a crawl to be stopped while it runs.
 */
export async function startCrawlSite(): Promise<CrawlSite> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (body: string, type = 'text/html; charset=utf-8') => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    if (path === '/robots.txt') return send('User-agent: *\nDisallow: /private/\n', 'text/plain');
    const gallery = /^\/gallery\/([123])\.html$/.exec(path);
    if (gallery) {
      const n = Number(gallery[1]);
      const next = n < 3 ? `/gallery/${n + 1}.html` : '/private/4.html';
      const photos = [image(400 + n * 20, 300, `a0000${n}`), image(300, 400 + n * 20, `b0000${n}`)].join('\n');
      return send(
        html(
          `Gallery page ${n}`,
          `${LOGO}${photos}<nav><a href="${next}">Next ›</a></nav>`,
          `<link rel="next" href="${next}">`,
        ),
      );
    }
    if (path === '/private/4.html') return send(html('Private', image(500, 500, 'c00004')));
    if (path === '/slow/index.html')
      return send(
        html(
          'Slow hub',
          Array.from({ length: 8 }, (_, i) => `<a href="/slow/${i + 1}.html">Page ${i + 1}</a>`).join(' ') +
            image(320, 240, 'd00000'),
        ),
      );
    const slow = /^\/slow\/(\d)\.html$/.exec(path);
    if (slow) {
      setTimeout(
        () => send(html(`Slow ${slow[1]}`, image(330 + Number(slow[1]), 240, `e0000${slow[1]}`))),
        SLOW_PAGE_MS,
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html('Not found', ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${origin}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
