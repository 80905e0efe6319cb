import { CrawlProgress, CrawlView, isCrawlSettled } from '@pixtract/contracts';
import {
  CookieJar,
  CrawlSite,
  ExtractorProcess,
  ExtractorProcesses,
  FixtureServer,
  crawlSite,
  pollUntil,
  startFixtureServer,
} from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

jest.setTimeout(300_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ENV = { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1', CRAWL_SWEEP_MS: '1000', PIXTRACT_RATE_LIMITS: 'crawls=1000/60' };

const until = <T>(read: () => Promise<T>, condition: (value: T) => boolean, what: string, timeoutMs = 180_000) =>
  pollUntil(read, condition, what, timeoutMs);

/**
 * Several extractor processes sharing one Redis take one crawl's pages: the politeness lease, BullMQ's stalled-job
 * recovery after SIGKILL, the crawl pages' lower priority, a host's backoff and Crawl-delay, a gateway restart.
 */
describe('a crawl on three extractor processes (real gateway, auth, Postgres, Redis, Chromium)', () => {
  let gateway: GatewayHarness;
  let site: CrawlSite;
  let fixtures: FixtureServer;
  let workers: ExtractorProcesses;
  let started: ExtractorProcess[];
  let member: CookieJar;

  beforeAll(async () => {
    // Every fourth page draws its picture with a script: the browser's requests keep the host's limit too.
    site = crawlSite({ pages: 40, latencyMs: 150, busyAnswers: 2, browserEvery: 4 });
    // Every answer, pictures included, takes a little while: requests of several pages would overlap.
    fixtures = await startFixtureServer({ handle: site.handle, latencyMs: 30 });
    gateway = await startGateway('gateway_crawl_workers', ENV);
    workers = new ExtractorProcesses({
      REDIS_URL,
      QUEUE_PREFIX: gateway.queuePrefix,
      EXTRACTOR_CONCURRENCY: '2',
      CRAWL_HOST_GAP_MS: '20',
    });
    // One after another: three Chromiums launching at once on a loaded machine miss the readiness wait.
    started = [];
    for (let i = 0; i < 3; i++) {
      started.push(await workers.startReady({}, 120_000));
    }
    // A registered member: 50 pages a crawl.
    member = new CookieJar(gateway.base);
    const account = { username: 'crawler', password: 'long enough pass' };
    await member.fetch('/api/auth/register', { method: 'POST', json: account });
    expect((await member.fetch('/api/auth/login', { method: 'POST', json: account })).status).toBe(200);
  });
  afterAll(async () => {
    await workers?.stopAll();
    await gateway?.close();
    await fixtures?.close();
  });

  const start = async (body: unknown): Promise<string> => {
    const res = await member.fetch('/api/crawls', { method: 'POST', json: body });
    expect(res.status).toBe(202);
    return ((await res.json()) as { crawlId: string }).crawlId;
  };
  /** Read through whichever gateway runs now (the restart test replaces it), as the member. */
  const view = async (crawlId: string): Promise<CrawlView> =>
    (
      await fetch(`${gateway.base}/api/crawls/${crawlId}`, { headers: { cookie: member.header() } })
    ).json() as Promise<CrawlView>;

  it('keeps at most 2 requests in flight to the host across all workers, and loses no page and reads none twice when a worker is killed', async () => {
    const socket = await gateway.connectSocket(member);
    const readers = new Set<string>();
    socket.on('crawl:progress', (event: CrawlProgress) =>
      event.reading.forEach((reading) => readers.add(reading.worker)),
    );
    const crawlId = await start({ url: fixtures.url('/site/'), scope: 'site', maxPages: 40 });
    await expect(socket.emitWithAck('crawl:follow', crawlId)).resolves.toEqual({ ok: true });

    // Kill a worker while it reads a page of the crawl.
    const reading = await until(
      () => view(crawlId),
      (crawl) => crawl.pagesDone >= 4 && crawl.reading.length > 0,
      'a page being read',
    );
    const victim = started.find((worker) =>
      reading.reading.some((page) => page.worker.endsWith(`:${worker.child.pid}`)),
    )!;
    expect(victim).toBeDefined();
    await workers.kill(victim);

    const crawl = await until(() => view(crawlId), isCrawlSettled, 'the crawl ended');
    expect(crawl.status).toBe('completed');
    expect(
      crawl.pages.filter((page) => page.status === 'failed' || page.status === 'queued' || page.status === 'running'),
    ).toEqual([]);
    expect(crawl.pagesDone).toBeGreaterThanOrEqual(30);
    // Each page's images stored once (the unique index would refuse a second set), and charged once: the member's
    // day counts exactly the crawl's distinct images.
    const stored: Array<{ pageId: string; files: number; imageCount: number }> = await gateway.app
      .get(DataSource)
      .query(
        `SELECT f."pageId", count(*)::int AS "files", p."imageCount" FROM crawl_files f JOIN crawl_pages p ON p.id = f."pageId" WHERE f."crawlId" = $1 GROUP BY 1, 3`,
        [crawlId],
      );
    expect(stored.every((row) => row.files === row.imageCount)).toBe(true);
    const [{ charged }] = await gateway.app
      .get(DataSource)
      .query(`SELECT "imagesFound" AS "charged" FROM crawls WHERE id = $1`, [crawlId]);
    expect(crawl.limits?.used).toBe(charged);
    // The pages ran on several workers, never more than 2 requests at once on the host: pages, robots.txt, image
    // probes and what the browser loads alike.
    expect(readers.size).toBeGreaterThanOrEqual(2);
    expect(fixtures.maxInFlight).toBeLessThanOrEqual(2);
    expect(site.maxInFlight).toBeGreaterThanOrEqual(1);
  });

  it('backs a host off on 429 (Retry-After) and says so; the pages are read once it answers', async () => {
    const crawlId = await start({
      scope: 'list',
      urls: [fixtures.url('/site/busy/a.html'), fixtures.url('/site/busy/b.html')],
    });
    const crawl = await until(() => view(crawlId), isCrawlSettled, 'the crawl ended');
    expect(crawl.pages.map((page) => page.status)).toEqual(['done', 'done']);
    expect(crawl.warningDetails).toContainEqual({
      code: 'HOST_BACKOFF',
      values: { host: new URL(fixtures.origin).host, status: 429 },
    });
    expect(crawl.warnings.join(' ')).toContain('Coverage may be partial.');
  });

  it('keeps robots.txt’s Crawl-delay between pages of the host', async () => {
    const slow = crawlSite({ pages: 3, crawlDelay: 1 });
    const times: number[] = [];
    const slowServer = await startFixtureServer({
      handle: async (req, res) => {
        if (/\/site\/p\/\d\.html/.test(req.url ?? '')) times.push(Date.now());
        return slow.handle(req, res);
      },
    });
    try {
      const crawlId = await start({ scope: 'list', urls: [1, 2, 3].map((n) => slowServer.url(`/site/p/${n}.html`)) });
      const crawl = await until(() => view(crawlId), isCrawlSettled, 'the crawl ended');
      expect(crawl.pagesDone).toBe(3);
      expect(crawl.warningDetails).toContainEqual({
        code: 'CRAWL_DELAY',
        values: { host: new URL(slowServer.origin).host, seconds: 1 },
      });
      const sorted = [...times].sort((a, b) => a - b);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i] - sorted[i - 1]).toBeGreaterThanOrEqual(900);
    } finally {
      await slowServer.close();
    }
  });

  it('loses nothing when the gateway restarts mid-crawl', async () => {
    const crawlId = await start({ url: fixtures.url('/site/p/2.html'), scope: 'site', maxPages: 20 });
    await until(
      () => view(crawlId),
      (crawl) => crawl.pagesDone >= 1,
      'the crawl under way',
    );
    await gateway.restart();
    const crawl = await until(() => view(crawlId), isCrawlSettled, 'the crawl ended on the new gateway');
    expect(crawl.status).toBe('completed');
    expect(crawl.pages.filter((page) => page.status !== 'done' && page.status !== 'skipped')).toEqual([]);
  });
});
