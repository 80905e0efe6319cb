import { CrawlView, QueueName, isCrawlSettled } from '@pixtract/contracts';
import { CookieJar, pollUntil } from '@pixtract/testing';
import { Client } from 'pg';
import { CRAWL_EVENTS_AT_ONCE } from '@pixtract/gateway/src/crawl/crawl-event-slots';
import { GatewayHarness, startGateway } from '../support/gateway-harness';
import { standInPageResult } from '../support/stand-in-page';

jest.setTimeout(120_000);

const PAGES = 40;

/**
 * A crawl's pages finish in bursts (many workers), and each finish takes the crawl's row lock while holding a
 * database connection. The gateway handles its crawl events a few at a time, so a burst never leaves the pool's
 * connections waiting on that lock while a visitor's request waits for one (real gateway, auth, Postgres, Redis;
 * a BullMQ worker finishing every page at once stands in for the extractors).
 */
describe('a burst of finished crawl pages (real gateway, auth, Postgres, Redis)', () => {
  let gateway: GatewayHarness;
  let member: CookieJar;
  let activity: Client;

  beforeAll(async () => {
    gateway = await startGateway('gateway_crawl_finishing', {
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
      PIXTRACT_RATE_LIMITS: 'crawls=1000/60',
    });
    // A member: the plan's 50 pages a crawl hold the burst.
    member = new CookieJar(gateway.base);
    const credentials = { username: 'burst-crawler', password: 'long enough pass' };
    await member.fetch('/api/auth/register', { method: 'POST', json: credentials });
    expect((await member.fetch('/api/auth/login', { method: 'POST', json: credentials })).status).toBe(200);
    activity = new Client({ connectionString: gateway.database.url });
    await activity.connect();
  });
  afterAll(async () => {
    await activity?.end();
    await gateway?.close();
    await gateway?.database.drop();
  });

  it(`keeps at most ${CRAWL_EVENTS_AT_ONCE - 1} connection waiting on the crawl's lock, and finishes every page once`, async () => {
    const urls = Array.from({ length: PAGES }, (_, n) => `http://127.0.0.1/page-${n + 1}`);
    const res = await member.fetch('/api/crawls', { method: 'POST', json: { scope: 'list', urls } });
    expect(res.status).toBe(202);
    const { crawlId } = (await res.json()) as { crawlId: string };

    let mostWaiting = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await activity.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
          [gateway.database.name],
        );
        mostWaiting = Math.max(mostWaiting, rows[0].waiting);
      }
    })();
    // Every page finished at once: the burst a crawl on many workers gives the gateway.
    gateway.startWorker(
      async (job) => standInPageResult(job.data.url, job.data.crawl!.crawlId),
      QueueName.CrawlPage,
      PAGES,
    );
    const crawl = await pollUntil(
      async () => (await (await member.fetch(`/api/crawls/${crawlId}`)).json()) as CrawlView,
      isCrawlSettled,
      'the crawl ended',
      90_000,
    );
    sampling = false;
    await sampler;

    expect([crawl.status, crawl.pagesDone, crawl.pagesFailed]).toEqual(['completed', PAGES, 0]);
    expect(crawl.files.find((file) => file.fileUrl.endsWith('/logo.png'))?.pageUrls).toHaveLength(PAGES);
    expect(crawl.files).toHaveLength(PAGES + 1);
    expect(mostWaiting).toBeLessThanOrEqual(CRAWL_EVENTS_AT_ONCE - 1);
  });
});
