import { CrawlView, ExtractionView, isCrawlSettled, QueueName } from '@pixtract/contracts';
import { redisConnectionOptions } from '@pixtract/service-kit';
import { CookieJar, ExtractorProcesses, FixtureServer, pollUntil, startFixtureServer } from '@pixtract/testing';
import { QueueEvents } from 'bullmq';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

jest.setTimeout(300_000);

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const page = (title: string, picture: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><img src="${picture}" alt="${title}"></body></html>`;

/**
 * A crawl never makes a visitor wait: crawl pages are read on a queue of their own with one slot fewer than single
 * extractions, so a single extraction started while a crawl keeps the worker as busy as it may starts at once —
 * while the crawl's pages are still being read, not after one of them ends; and while it runs no crawl page starts
 * on its machine (real gateway, Redis, one extractor process with two slots and Chromium).
 */
describe('a single extraction during a crawl (real gateway, one extractor process with two slots)', () => {
  let gateway: GatewayHarness;
  let fixtures: FixtureServer;
  let workers: ExtractorProcesses;
  let visitor: CookieJar;
  /** The crawl's page requests being answered now, and how many ended before the single extraction's page came. */
  let inFlight = 0;
  let endedUnanswered = 0;
  let released = false;
  let release: () => void;
  const answer = new Promise<void>((resolve) => (release = resolve));
  let singleCame: { inFlight: number; endedUnanswered: number } | undefined;
  /** The second test: crawl pages asked for so far, and a visitor's page held until the test lets it go. */
  let quickAsked = 0;
  let slowAskedAt: number | undefined;
  let releaseSlow: () => void;
  const slowAnswer = new Promise<void>((resolve) => (releaseSlow = resolve));

  beforeAll(async () => {
    fixtures = await startFixtureServer({
      handle: async (req, res) => {
        const path = new URL(req.url ?? '/', 'http://fixture').pathname;
        if (path === '/single.html') {
          singleCame ??= { inFlight, endedUnanswered };
          released = true;
          release();
          res.writeHead(200, { 'content-type': 'text/html' }).end(page('Single', '/images/320x200.png?c=123456'));
          return true;
        }
        const quick = /^\/quick\/(\d+)\.html$/.exec(path);
        if (quick) {
          quickAsked += 1;
          await new Promise((resolve) => setTimeout(resolve, 200));
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(page(`Quick ${quick[1]}`, `/images/${quick[1]}0x40.png`));
          return true;
        }
        if (path === '/slow-single.html') {
          slowAskedAt ??= quickAsked;
          await slowAnswer;
          res.writeHead(200, { 'content-type': 'text/html' }).end(page('Slow', '/images/330x200.png?c=654321'));
          return true;
        }
        const held = /^\/held\/(\d+)\.html$/.exec(path);
        if (!held) return false;
        // A crawl page is answered only once the single extraction's page has been asked for.
        inFlight += 1;
        res.once('close', () => {
          inFlight -= 1;
          if (!released) endedUnanswered += 1;
        });
        await answer;
        if (!res.destroyed)
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(page(`Held ${held[1]}`, `/images/${200 + Number(held[1])}x100.png`));
        return true;
      },
    });
    gateway = await startGateway('gateway_crawl_priority', {
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
      PIXTRACT_RATE_LIMITS: 'crawls=1000/60',
      CRAWL_SWEEP_MS: '1000',
      LOG_LEVEL: 'error',
    });
    workers = new ExtractorProcesses({
      REDIS_URL,
      QUEUE_PREFIX: gateway.queuePrefix,
      EXTRACTOR_CONCURRENCY: '2',
      CRAWL_HOST_GAP_MS: '20',
    });
    await workers.startReady({}, 120_000);
    visitor = await gateway.returningVisitor();
  });
  afterAll(async () => {
    release?.();
    releaseSlow?.();
    await workers?.stopAll();
    await gateway?.close();
    await fixtures?.close();
  });

  const startCrawl = async (urls: string[]): Promise<string> => {
    const res = await visitor.fetch('/api/crawls', { method: 'POST', json: { scope: 'list', urls } });
    expect(res.status).toBe(202);
    return ((await res.json()) as { crawlId: string }).crawlId;
  };
  const startExtraction = async (url: string): Promise<string> => {
    const res = await visitor.fetch('/api/extractions', { method: 'POST', json: { url } });
    expect(res.status).toBe(202);
    return ((await res.json()) as { extractionId: string }).extractionId;
  };
  const finishedExtraction = (extractionId: string) =>
    pollUntil(
      async () => (await (await visitor.fetch(`/api/extractions/${extractionId}`)).json()) as ExtractionView,
      (view) => view.status === 'completed' || view.status === 'failed',
      'the single extraction finished',
      120_000,
    );
  const settledCrawl = (crawlId: string) =>
    pollUntil(
      async () => (await (await visitor.fetch(`/api/crawls/${crawlId}`)).json()) as CrawlView,
      isCrawlSettled,
      'the crawl ended',
      180_000,
    );

  it('starts a single extraction while the crawl’s pages are still being read, not after one of them', async () => {
    // Two hosts (127.0.0.1 and localhost), so the politeness limit of 2 per host leaves the crawl free to take
    // every slot it is given.
    const urls = [1, 2, 3, 4, 5, 6].map((n) => {
      const url = fixtures.url(`/held/${n}.html`);
      return n % 2 === 0 ? url.replace('127.0.0.1', 'localhost') : url;
    });
    const crawlId = await startCrawl(urls);
    await pollUntil(
      async () => inFlight,
      (count) => count > 0,
      'the crawl reading its first page',
      120_000,
    );
    // A moment for the crawl to take every slot it may: a lower bound only, the assertion below holds however long.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const extractionId = await startExtraction(fixtures.url('/single.html'));
    const came = await pollUntil(
      async () => singleCame,
      (value) => value !== undefined,
      'the single extraction’s page requested',
      180_000,
    );
    // The crawl's pages were still being read (none had ended) when the single extraction's page was asked for.
    expect(came!.inFlight).toBeGreaterThan(0);
    expect(came!.endedUnanswered).toBe(0);

    expect((await finishedExtraction(extractionId)).status).toBe('completed');
    const crawl = await settledCrawl(crawlId);
    expect([crawl.status, crawl.pagesDone]).toEqual(['completed', 6]);
  });

  it('starts no crawl page on the machine while a visitor’s extraction runs there, nor sends one back to the queue over and over, and goes on once it ends', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => fixtures.url(`/quick/${i + 1}.html`));
    const crawlId = await startCrawl(urls);
    await pollUntil(
      async () => quickAsked,
      (count) => count > 0,
      'the crawl reading its first page',
      120_000,
    );
    const extractionId = await startExtraction(fixtures.url('/slow-single.html'));
    const before = await pollUntil(
      async () => slowAskedAt,
      (value) => value !== undefined,
      'the visitor’s page requested',
      120_000,
    );
    // Crawl pages sent back to the queue meanwhile: a page waiting for the visitor waits in its worker instead.
    const events = new QueueEvents(QueueName.CrawlPage, {
      connection: redisConnectionOptions(REDIS_URL),
      prefix: gateway.queuePrefix,
    });
    let delayed = 0;
    events.on('delayed', () => (delayed += 1));
    await events.waitUntilReady();
    // While the visitor's page is being read, at most the crawl page that had already started comes.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await events.close();
    expect(quickAsked - before!).toBeLessThanOrEqual(1);
    expect(quickAsked).toBeLessThan(urls.length);
    expect(delayed).toBeLessThanOrEqual(1);
    releaseSlow();

    expect((await finishedExtraction(extractionId)).status).toBe('completed');
    const crawl = await settledCrawl(crawlId);
    expect([crawl.status, crawl.pagesDone]).toEqual(['completed', 10]);
  });
});
