import { CrawlProgress, CrawlView, ExtractionHistoryItem } from '@pixtract/contracts';
import { CRAWLER_USER_AGENT } from '@pixtract/extractor/src/crawl/crawler-identity';
import {
  CookieJar,
  CrawlSite,
  ExtractorProcesses,
  FixtureServer,
  crawlSite,
  pollUntil,
  startFixtureServer,
} from '@pixtract/testing';
import Redis from 'ioredis';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

jest.setTimeout(180_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const until = <T>(read: () => Promise<T>, condition: (value: T) => boolean, what: string, timeoutMs = 120_000) =>
  pollUntil(read, condition, what, timeoutMs);

const ENDED = new Set(['completed', 'stopped', 'limited', 'failed']);

describe('crawls through the API (real gateway, auth, Postgres, Redis, two extractor processes with Chromium)', () => {
  let gateway: GatewayHarness;
  let site: CrawlSite;
  let fixtures: FixtureServer;
  let other: CrawlSite;
  let otherFixtures: FixtureServer;
  let workers: ExtractorProcesses;
  let visitor: CookieJar;

  beforeAll(async () => {
    other = crawlSite();
    otherFixtures = await startFixtureServer({ handle: other.handle });
    site = crawlSite({ pages: 2, galleryPages: 5, otherSite: otherFixtures.origin.replace('127.0.0.1', 'localhost') });
    fixtures = await startFixtureServer({ handle: site.handle });
    gateway = await startGateway('gateway_crawl', {
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
      CRAWL_TRAP_CAP: '3',
      CRAWL_MAX_DEPTH: '3',
      PIXTRACT_RATE_LIMITS: 'crawls=1000/60',
      CRAWL_SWEEP_MS: '1000',
      LOG_LEVEL: 'error',
    });
    workers = new ExtractorProcesses({ REDIS_URL, QUEUE_PREFIX: gateway.queuePrefix, CRAWL_HOST_GAP_MS: '20' });
    // Readiness waits long: Chromium starts slowly on a loaded machine.
    for (let i = 0; i < 2; i++) await workers.startReady({}, 120_000);
    visitor = await gateway.returningVisitor();
  });
  afterAll(async () => {
    await workers?.stopAll();
    await gateway?.close();
    await fixtures?.close();
    await otherFixtures?.close();
  });

  const start = async (body: unknown, jar = visitor): Promise<string> => {
    const res = await jar.fetch('/api/crawls', { method: 'POST', json: body });
    expect(res.status).toBe(202);
    return ((await res.json()) as { crawlId: string }).crawlId;
  };
  const view = async (crawlId: string, jar = visitor): Promise<CrawlView> =>
    (await jar.fetch(`/api/crawls/${crawlId}`)).json() as Promise<CrawlView>;
  const ended = (crawlId: string) =>
    until(
      () => view(crawlId),
      (crawl) => ENDED.has(crawl.status),
      `crawl ${crawlId} ended`,
    );

  it('follows a gallery behind Next links, page after page, streaming progress to the crawl’s room', async () => {
    const socket = await gateway.connectSocket(visitor);
    const events: CrawlProgress[] = [];
    socket.on('crawl:progress', (event) => events.push(event));
    const crawlId = await start({ url: fixtures.url('/site/gallery?page=1'), scope: 'gallery' });
    await expect(socket.emitWithAck('crawl:follow', crawlId)).resolves.toEqual({ ok: true });

    const crawl = await ended(crawlId);
    expect(crawl.status).toBe('completed');
    expect(crawl.pages.map((page) => [new URL(page.url).search, page.status])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [`?page=${n}`, 'done']),
    );
    // Only the next pages: the gallery's link to another page of the site is not followed.
    expect(crawl.files.filter((file) => !file.duplicate).map((file) => file.alt)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Gallery ${n}`),
    );
    expect([crawl.pagesDone, crawl.pagesFound, crawl.pagesFailed]).toEqual([5, 5, 0]);
    await until(
      async () => events.at(-1),
      (event) => event?.status === 'completed',
      'the last event says completed',
    );
    expect(events.some((event) => event.files?.some((file) => file.alt === 'Gallery 3'))).toBe(true);
    expect(events.some((event) => event.reading.length > 0)).toBe(true);
    // Each page said once that it started (its worker), not every stage of its extraction.
    const redis = new Redis(REDIS_URL);
    try {
      const queueEvents = await redis.xrange(`${gateway.queuePrefix}:crawl-page:events`, '-', '+');
      const named = (name: string) => queueEvents.filter(([, fields]) => fields[1] === name).length;
      expect([named('progress'), named('completed')]).toEqual([5, 5]);
    } finally {
      redis.disconnect();
    }
  });

  it('links: one level of same-site pages; a thumbnail linking to a photo page gets that page’s largest picture as its original, charged as one image', async () => {
    // A member of its own: My Account's activity and the day's count are this crawl's alone.
    const member = new CookieJar(gateway.base);
    const credentials = { username: 'photo-crawler', password: 'long enough pass' };
    await member.fetch('/api/auth/register', { method: 'POST', json: credentials });
    expect((await member.fetch('/api/auth/login', { method: 'POST', json: credentials })).status).toBe(200);
    const crawlId = await start({ url: fixtures.url('/site/photos/'), scope: 'links' }, member);
    const crawl = await until(
      () => view(crawlId, member),
      (current) => ENDED.has(current.status),
      `crawl ${crawlId} ended`,
    );
    expect(crawl.status).toBe('completed');
    expect(crawl.pages.map((page) => new URL(page.url).pathname)).toEqual([
      '/site/photos/',
      '/site/photos/1.html',
      '/site/photos/2.html',
      '/site/photos/3.html',
    ]);
    for (const n of [1, 2, 3]) {
      const original = crawl.files.find((file) => file.alt === `Photo ${n}`)!;
      expect([original.width, original.height]).toEqual([1600, 1200]);
      expect(original.variants?.map((variant) => new URL(variant.fileUrl).pathname)).toContain('/images/120x90.png');
      expect(original.pageUrls.map((url) => new URL(url).pathname).sort()).toEqual([
        '/site/photos/',
        `/site/photos/${n}.html`,
      ]);
    }
    // No thumbnail is a file of its own, and the logo on three pages is one file on three pages.
    expect(crawl.files.filter((file) => file.alt?.startsWith('Thumb'))).toEqual([]);
    expect(crawl.files.filter((file) => file.alt === 'Logo').map((file) => file.pageUrls.length)).toEqual([3]);
    // Charged what the result shows: the three photos (each with its thumbnail) and the logo, in the day's count and
    // in My Account's activity alike.
    expect(crawl.imagesFound).toBe(4);
    expect(crawl.limits?.used).toBe(4);
    const activity = (await (await member.fetch('/api/user/extraction-history')).json()) as ExtractionHistoryItem[];
    expect(activity.find((item) => item.id === crawlId)?.imageCount).toBe(4);
  });

  it('site: breadth first with the sitemap, robots.txt obeyed, same site only, no page twice, the plan’s page limit', async () => {
    const hitsBefore = new Map(site.pageHits);
    const crawlId = await start({ url: fixtures.url('/site/'), scope: 'site' });
    const crawl = await ended(crawlId);
    const paths = crawl.pages.map((page) => `${new URL(page.url).pathname}${new URL(page.url).search}`);
    expect(crawl.status).toBe('completed');
    // The free plan reads 10 pages a crawl.
    expect(crawl.maxPages).toBe(10);
    expect(crawl.pages).toHaveLength(10);
    expect(crawl.warningDetails).toContainEqual({ code: 'PAGE_LIMIT', values: { limit: 10 } });
    // Found on the start page: its links and the sitemap's page, in that order, each once.
    expect(paths.slice(0, 8)).toEqual([
      '/site/',
      '/site/p/1.html',
      '/site/p/2.html',
      '/site/gallery?page=1',
      '/site/photos/',
      '/site/calendar/2030/1',
      '/site/dup',
      '/site/hidden.html',
    ]);
    // robots.txt disallows /site/private/ for Pixtract: never fetched, and the crawl says so.
    expect(site.pageHits.has('/site/private/secret.html')).toBe(false);
    expect(crawl.warningDetails).toContainEqual(
      expect.objectContaining({
        code: 'ROBOTS_DISALLOWED',
        values: expect.objectContaining({ count: expect.any(Number) }),
      }),
    );
    // The link to another site is not followed.
    expect(other.pageHits.size).toBe(0);
    // /site/dup names /site/ as its canonical address: it is that page, read once.
    expect(crawl.pages.find((page) => page.url.endsWith('/site/dup'))).toMatchObject({
      status: 'skipped',
      skipReason: 'duplicate',
    });
    expect(crawl.files.some((file) => file.alt === 'Dup')).toBe(false);
    // No page twice: `/site/#again` and `?utm_source=` are the same pages; each page was requested once.
    for (const path of paths.filter((path) => !path.startsWith('/site/dup')))
      expect([path, site.pageHits.get(path)! - (hitsBefore.get(path) ?? 0)]).toEqual([path, 1]);
  });

  it('bounds a trap by a cap per address pattern', async () => {
    const crawlId = await start({ url: fixtures.url('/site/calendar/2030/1'), scope: 'site' });
    const crawl = await ended(crawlId);
    // The sitemap's page aside, three months of an endless calendar.
    expect(crawl.pages.map((page) => new URL(page.url).pathname).filter((path) => path.includes('calendar'))).toEqual([
      '/site/calendar/2030/1',
      '/site/calendar/2030/2',
      '/site/calendar/2030/3',
    ]);
    expect(crawl.warningDetails).toContainEqual(
      expect.objectContaining({ code: 'TRAP_CAPPED', values: expect.objectContaining({ limit: 3 }) }),
    );
  });

  it('says what the depth left out, and no page limit when every page found was read', async () => {
    // A chain /chain/a → b → c → d → e, each page linking back home too: d is 3 links from the start.
    const chain = 'abcde';
    const chainSite = await startFixtureServer({
      handle: (req, res) => {
        const at = /^\/chain\/([a-e])$/.exec(req.url ?? '');
        if (!at) return false;
        const next = chain[chain.indexOf(at[1]) + 1];
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<img src="/images/40x40.png?c=00000${chain.indexOf(at[1])}" alt="${at[1]}">${next ? `<a href="/chain/${next}">On</a>` : ''} <a href="/chain/a">Home</a>`,
        );
        return true;
      },
    });
    try {
      const crawl = await ended(await start({ url: chainSite.url('/chain/a'), scope: 'site', maxPages: 4 }));
      expect(crawl.pages.map((page) => new URL(page.url).pathname)).toEqual([
        '/chain/a',
        '/chain/b',
        '/chain/c',
        '/chain/d',
      ]);
      expect(chainSite.requests).not.toContain('/chain/e');
      expect(crawl.warningDetails).toEqual([{ code: 'DEPTH_LIMIT', values: { depth: 3 } }]);
    } finally {
      await chainSite.close();
    }
  });

  it('says when the plan’s images per extraction cut a page, though the day has more', async () => {
    // 30 pictures on one page; a visitor's plan keeps 25 of each extraction.
    const crowded = await startFixtureServer({
      handle: (req, res) => {
        if (req.url !== '/crowded') return false;
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(Array.from({ length: 30 }, (_, n) => `<img src="/images/${100 + n}x40.png" alt="${n}">`).join(''));
        return true;
      },
    });
    try {
      const crawl = await ended(await start({ scope: 'list', urls: [crowded.url('/crowded')] }));
      expect([crawl.status, crawl.files.length]).toEqual(['completed', 25]);
      expect(crawl.warningDetails).toEqual([{ code: 'IMAGES_PER_PAGE', values: { limit: 25 } }]);
      expect(crawl.warnings).toEqual([
        'Your plan keeps 25 new images of each page; pages with more were cut. Coverage may be partial.',
      ]);
    } finally {
      await crowded.close();
    }
  });

  it('list: the addresses given, each once, and no more than the plan’s page limit', async () => {
    const crawlId = await start({
      scope: 'list',
      urls: [
        fixtures.url('/site/p/1.html'),
        `${fixtures.url('/site/p/1.html')}#again`,
        fixtures.url('/site/p/2.html'),
        '',
      ],
    });
    const crawl = await ended(crawlId);
    expect(crawl.pages.map((page) => new URL(page.url).pathname)).toEqual(['/site/p/1.html', '/site/p/2.html']);
    const tooMany = await visitor.fetch('/api/crawls', {
      method: 'POST',
      json: { scope: 'list', urls: Array.from({ length: 11 }, (_, n) => fixtures.url(`/site/p/${n + 1}.html`)) },
    });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({
      code: 'CRAWL_TOO_MANY_ADDRESSES',
      message: 'That list has more addresses than your plan reads in one crawl.',
    });
  });

  it('asks the host for each page once: one slower than the browser’s head start, one the site says is gone (404)', async () => {
    const crawlId = await start({
      scope: 'list',
      urls: [fixtures.url('/site/slow.html'), fixtures.url('/site/gone.html')],
    });
    const crawl = await ended(crawlId);
    expect(crawl.status).toBe('completed');
    expect(crawl.files.map((file) => file.alt)).toContain('Slow');
    const asked = (path: string) => fixtures.requests.filter((request) => request === path).length;
    expect([asked('/site/slow.html'), asked('/site/gone.html')]).toEqual([1, 1]);
  });

  it('refuses bad requests as extractions are refused, in the catalogue’s words, and shows a crawl to its owner only', async () => {
    const refusals: Array<[unknown, number, string]> = [
      [{ url: fixtures.url('/site/'), scope: 'everything' }, 400, 'VALIDATION_FAILED'],
      [{ scope: 'gallery' }, 400, 'URL_REQUIRED'],
      [{ scope: 'list', urls: [] }, 400, 'URL_REQUIRED'],
      [{ url: 'ftp://example.com/', scope: 'links' }, 400, 'UNSUPPORTED_SCHEME'],
      [{ url: fixtures.url('/site/'), scope: 'site', maxPages: 0 }, 400, 'VALIDATION_FAILED'],
      ['not json', 400, 'MALFORMED_BODY'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await visitor.fetch('/api/crawls', { method: 'POST', json: body });
      expect([body, res.status, ((await res.json()) as { code: string }).code]).toEqual([body, status, code]);
    }
    const crawlId = await start({
      url: fixtures.url('/site/p/1.html'),
      scope: 'list',
      urls: [fixtures.url('/site/p/1.html')],
    });
    const stranger = await gateway.returningVisitor();
    for (const path of [`/api/crawls/${crawlId}`, '/api/crawls/not-an-id']) {
      const res = await stranger.fetch(path);
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'CRAWL_NOT_FOUND']);
    }
    expect((await stranger.fetch(`/api/crawls/${crawlId}/stop`, { method: 'POST' })).status).toBe(404);
    await ended(crawlId);
  });

  it('stops a crawl (what was found stays, waiting pages are skipped) and runs it again as a new crawl', async () => {
    const crawlId = await start({ url: fixtures.url('/site/gallery?page=1'), scope: 'site', maxPages: 8 });
    const stopped = (await (
      await visitor.fetch(`/api/crawls/${crawlId}/stop`, { method: 'POST' })
    ).json()) as CrawlView;
    expect(stopped.status).toBe('stopped');
    const after = await until(
      () => view(crawlId),
      (crawl) =>
        crawl.reading.length === 0 &&
        crawl.pages.every((page) => page.status !== 'queued' && page.status !== 'running'),
      'pages being read finish',
    );
    expect(after.status).toBe('stopped');
    expect(after.pages.length).toBeLessThan(8);
    // The pages the stop left unread were found all the same: the count says what the pages list shows.
    expect(after.pagesFound).toBe(after.pages.length);

    const again = await visitor.fetch(`/api/crawls/${crawlId}/rerun`, { method: 'POST' });
    expect(again.status).toBe(202);
    const { crawlId: rerunId } = (await again.json()) as { crawlId: string };
    expect(rerunId).not.toBe(crawlId);
    const rerun = await ended(rerunId);
    expect([rerun.status, rerun.scope, rerun.startUrl, rerun.maxPages]).toEqual([
      'completed',
      'site',
      after.startUrl,
      8,
    ]);
  });
  it('stops a crawl before a worker fetches a page it already holds (waiting for robots.txt): skipped, never fetched', async () => {
    // robots.txt answers after 3 s: meanwhile each worker holds a page the queue cannot take back.
    const slowRobots = await Promise.all(
      [0, 1, 2].map(() =>
        startFixtureServer({
          handle: async (req, res) => {
            if (req.url !== '/robots.txt') return false;
            await new Promise((resolve) => setTimeout(resolve, 3000));
            res.writeHead(404).end();
            return true;
          },
        }),
      ),
    );
    try {
      const crawlId = await start({ scope: 'list', urls: slowRobots.map((server) => server.url('/site/')) });
      await until(
        () => Promise.resolve(slowRobots.filter((server) => server.requests.includes('/robots.txt')).length),
        (held) => held >= 2,
        'both workers hold a page',
      );
      expect((await visitor.fetch(`/api/crawls/${crawlId}/stop`, { method: 'POST' })).status).toBe(200);
      // robots.txt answered: a worker that did not know of the stop would fetch its page now.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(slowRobots.flatMap((server) => server.requests.filter((path) => path !== '/robots.txt'))).toEqual([]);
      const crawl = await view(crawlId);
      expect([crawl.status, crawl.pages.map((page) => [page.status, page.skipReason])]).toEqual([
        'stopped',
        [0, 1, 2].map(() => ['skipped', 'stopped']),
      ]);
    } finally {
      await Promise.all(slowRobots.map((server) => server.close()));
    }
  });

  it('names Pixtract and its site in every request a crawl makes: robots.txt, sitemap, pages on both paths, images', async () => {
    // Pages 2 and 4 draw their picture with a script: the browser reads them.
    const named = crawlSite({ pages: 4, browserEvery: 2 });
    const requests: Array<{ path: string; userAgent?: string; browser: boolean }> = [];
    const server = await startFixtureServer({
      handle: (req, res) => {
        requests.push({
          path: req.url ?? '',
          userAgent: req.headers['user-agent'],
          // Chromium marks its requests with Sec-Fetch-*; Node's fetches do not.
          browser: req.headers['sec-fetch-dest'] !== undefined,
        });
        return named.handle(req, res);
      },
    });
    try {
      const crawl = await ended(await start({ url: server.url('/site/p/1.html'), scope: 'site' }));
      expect(crawl.status).toBe('completed');
      expect(crawl.files.map((file) => file.alt)).toContain('Picture 4');
      const paths = requests.map((request) => request.path.split('?')[0]);
      for (const path of ['/robots.txt', '/sitemap.xml', '/site/p/1.html', '/site/p/4.html'])
        expect(paths).toContain(path);
      expect(requests.some((request) => request.browser && request.path === '/site/p/4.html')).toBe(true);
      expect(requests.some((request) => request.browser && request.path.startsWith('/images/'))).toBe(true);
      expect(requests.some((request) => !request.browser && request.path.startsWith('/images/'))).toBe(true);
      expect(requests.filter((request) => request.userAgent !== CRAWLER_USER_AGENT)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('does not follow a page that moves to another site (redirect, meta refresh, script): skipped, its links not crawled', async () => {
    const crawl = await ended(await start({ url: fixtures.url('/site/away/'), scope: 'site' }));
    const pages = crawl.pages.map((page) => [new URL(page.url).pathname, page.status, page.skipReason]);
    expect(pages).toEqual(
      expect.arrayContaining([
        ['/site/away/', 'done', undefined],
        ['/site/away/redirect.html', 'skipped', 'offsite'],
        ['/site/away/refresh.html', 'skipped', 'offsite'],
        ['/site/away/script.html', 'skipped', 'offsite'],
      ]),
    );
    // Only this site's pages and pictures; of the other site, only the three pages landed on were ever requested.
    expect(crawl.pages.every((page) => new URL(page.url).origin === fixtures.origin)).toBe(true);
    expect(crawl.files.every((file) => new URL(file.fileUrl).origin === fixtures.origin)).toBe(true);
    expect([...other.pageHits.keys()].sort()).toEqual(['/site/', '/site/p/1.html', '/site/p/2.html']);
  });
});
