// The gateway marks a visitor's extraction as served on its machine from the request until the result is stored, so
// the machine's crawls yield for the whole of the visitor's wait, not only while a worker reads the page.
import type { ExtractJobResult, ExtractionView } from '@pixtract/contracts';
import { VisitorPresence } from '@pixtract/service-kit';
import { CookieJar, pollUntil, startFixtureServer, FixtureServer } from '@pixtract/testing';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

jest.setTimeout(60_000);

describe('a visitor on this machine, as crawls see it (real Postgres, Redis, BullMQ)', () => {
  let gateway: GatewayHarness;
  let fixtures: FixtureServer;
  let visitor: CookieJar;
  let presence: VisitorPresence;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));

  const post = (url: string, rerun = false) =>
    visitor.fetch('/api/extractions', { method: 'POST', json: { url: fixtures.url(url), ...(rerun && { rerun }) } });
  const finished = (extractionId: string) =>
    pollUntil(
      async () => ((await (await visitor.fetch(`/api/extractions/${extractionId}`)).json()) as ExtractionView).status,
      (status) => status === 'completed' || status === 'failed',
      `extraction ${extractionId} finished`,
      30_000,
    );

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    gateway = await startGateway('visitor_presence', { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' });
    visitor = gateway.browser();
    presence = gateway.app.get(VisitorPresence, { strict: false });
    gateway.startWorker(async (job): Promise<ExtractJobResult> => {
      if (job.data.url.includes('held')) await released;
      if (job.data.url.includes('explode')) throw new Error('browser crashed');
      return {
        files: [],
        sourceUrl: job.data.url,
        warnings: [],
        performanceInfo: { timeMs: 1, method: 'static' },
        totalImagesFound: 0,
      };
    });
  });

  afterAll(async () => {
    release(); // the held job ends even when its test failed early
    await gateway?.close();
    await fixtures?.close();
  });

  it('is marked from the request on, while its job waits and runs, until its result is stored', async () => {
    expect(await presence.running()).toBe(false);
    const res = await post('/held.html');
    expect(res.status).toBe(202);
    const { extractionId } = (await res.json()) as { extractionId: string };
    // The stand-in worker marks nothing itself: this is the gateway's mark.
    expect(await presence.running()).toBe(true);
    release();
    expect(await finished(extractionId)).toBe('completed');
    expect(await presence.running()).toBe(false);
  });

  it('is no longer marked once its job failed for good', async () => {
    const { extractionId } = (await (await post('/explode.html')).json()) as { extractionId: string };
    expect(await finished(extractionId)).toBe('failed');
    expect(await presence.running()).toBe(false);
  });

  it('a refused request and an answer from a recent extraction leave no mark', async () => {
    const refused = await visitor.fetch('/api/extractions', { method: 'POST', json: { url: 'not an address' } });
    expect(refused.status).toBe(400);
    expect(await presence.running()).toBe(false);

    const { extractionId } = (await (await post('/again.html')).json()) as { extractionId: string };
    await finished(extractionId);
    const again = await post('/again.html');
    expect(await again.json()).toEqual({ extractionId, reused: true });
    expect(await presence.running()).toBe(false);
  });
});
