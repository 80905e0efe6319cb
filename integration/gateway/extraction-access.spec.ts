import {
  ExtractJobResult,
  ExtractedFile,
  ExtractionAccepted,
  ExtractionHistoryItem,
  ExtractionView,
} from '@pixtract/contracts';
import { CookieJar, FixtureServer, startFixtureServer } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

const imagesOf = (page: string, count: number): ExtractedFile[] =>
  Array.from({ length: count }, (_, i) => ({ fileUrl: `${page}/img/${i}.png`, position: i }));

/** Three distinct images, and the first one again further down the page. */
const withDuplicate = (page: string): ExtractJobResult => ({
  files: [...imagesOf(page, 3), { fileUrl: `${page}/img/0.png`, position: 3, duplicate: true }],
  sourceUrl: page,
  warnings: [],
  performanceInfo: { timeMs: 5, method: 'static' },
  totalImagesFound: 4,
});

describe("an extraction is its owner's: read, followed and reused by them alone", () => {
  let gateway: GatewayHarness;
  let fixtures: FixtureServer;
  let jobs = 0;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    gateway = await startGateway('gateway_access', { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' });
    gateway.startWorker(async (job) => {
      jobs += 1;
      return withDuplicate(job.data.url);
    });
  });
  afterAll(async () => {
    await gateway.close();
    await fixtures.close();
  });

  const start = async (browser: CookieJar, page: string, extra: object = {}) => {
    const res = await browser.fetch('/api/extractions', {
      method: 'POST',
      json: { url: fixtures.url(page), ...extra },
    });
    return { status: res.status, body: (await res.json()) as ExtractionAccepted };
  };
  const settled = async (browser: CookieJar, extractionId: string): Promise<ExtractionView> => {
    for (;;) {
      const view = (await (await browser.fetch(`/api/extractions/${extractionId}`)).json()) as ExtractionView;
      if (view.status === 'completed' || view.status === 'failed') return view;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const signedIn = async (username: string) => {
    const browser = gateway.browser();
    await browser.fetch('/api/auth/register', { method: 'POST', json: { username, password: 'long enough pass' } });
    await browser.fetch('/api/auth/login', { method: 'POST', json: { username, password: 'long enough pass' } });
    return browser;
  };

  it('answers anyone but the owner as if there were no such extraction, on GET and on the socket (audit row 8)', async () => {
    const owner = gateway.browser();
    const { body } = await start(owner, '/pages/private.html');
    expect((await settled(owner, body.extractionId)).status).toBe('completed');

    const strangers = [gateway.browser(), await signedIn('stranger'), new CookieJar(gateway.base)];
    await strangers[0].fetch('/api/extractions', { method: 'POST', json: { url: 'ftp://x/' } });
    for (const stranger of strangers) {
      const res = await stranger.fetch(`/api/extractions/${body.extractionId}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        statusCode: 404,
        code: 'EXTRACTION_NOT_FOUND',
        message: 'No extraction with that id.',
      });
      const socket = await gateway.connectSocket(stranger);
      await expect(socket.emitWithAck('extraction:follow', body.extractionId)).resolves.toEqual({ ok: false });
    }
    const forged = await fetch(`${gateway.base}/api/extractions/${body.extractionId}`, {
      headers: { cookie: 'pixtract.visitor=s%3Aaaaaaaaaaaaaaaaaaaaaaa.forged; pixtract.sid=s%3Aforged.forged' },
    });
    expect(forged.status).toBe(404);

    const ownSocket = await gateway.connectSocket(owner);
    await expect(ownSocket.emitWithAck('extraction:follow', body.extractionId)).resolves.toEqual({ ok: true });
  });

  it("stays the browser's after it signs in", async () => {
    const browser = gateway.browser();
    const { body } = await start(browser, '/pages/before-sign-in.html');
    await settled(browser, body.extractionId);
    await gateway.browser().fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'later-member', password: 'long enough pass' },
    });
    await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'later-member', password: 'long enough pass' },
    });
    expect((await browser.fetch(`/api/extractions/${body.extractionId}`)).status).toBe(200);
  });

  it('answers the same page again within minutes with the stored extraction, charging nothing; Run again starts a new one (audit row 12)', async () => {
    const member = await signedIn('reloader');
    const first = await start(member, '/pages/reload.html');
    expect(first.status).toBe(202);
    const firstView = await settled(member, first.body.extractionId);
    expect(firstView.result?.limits).toMatchObject({ used: 3, role: 'registered' });
    const jobsBefore = jobs;

    for (let reload = 0; reload < 4; reload++) {
      const again = await start(member, '/pages/reload.html');
      expect(again).toEqual({ status: 200, body: { extractionId: first.body.extractionId, reused: true } });
    }
    // The same page with other options is another extraction.
    const otherMode = await start(member, '/pages/reload.html', { mode: 'static' });
    expect(otherMode.status).toBe(202);
    await settled(member, otherMode.body.extractionId);

    const rerun = await start(member, '/pages/reload.html', { rerun: true });
    expect(rerun.status).toBe(202);
    expect(rerun.body.extractionId).not.toBe(first.body.extractionId);
    const rerunView = await settled(member, rerun.body.extractionId);
    expect(jobs - jobsBefore).toBe(2);
    expect(rerunView.result?.limits).toMatchObject({ used: 9 });
    // After Run again, a repeat is answered with the newest one.
    expect((await start(member, '/pages/reload.html')).body).toEqual({
      extractionId: rerun.body.extractionId,
      reused: true,
    });
    // Someone else asking for the same page gets their own extraction.
    expect((await start(await signedIn('neighbour'), '/pages/reload.html')).status).toBe(202);
  });

  it('does not reuse a failed extraction, nor one older than the window', async () => {
    const browser = gateway.browser();
    const first = await start(browser, '/pages/old.html');
    await settled(browser, first.body.extractionId);
    await gateway.app
      .get(DataSource)
      .query(`UPDATE extractions SET "createdAt" = now() - interval '6 minutes' WHERE id = $1`, [
        first.body.extractionId,
      ]);
    expect((await start(browser, '/pages/old.html')).status).toBe(202);

    const failing = await start(browser, '/pages/failing.html');
    await settled(browser, failing.body.extractionId);
    await gateway.app
      .get(DataSource)
      .query(`UPDATE extractions SET status = 'failed' WHERE id = $1`, [failing.body.extractionId]);
    expect((await start(browser, '/pages/failing.html')).status).toBe(202);
  });

  it("reuses an extraction even at the day's limit, where a new one is refused", async () => {
    const tight = await startGateway('gateway_access_tight', {
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
      PIXTRACT_QUOTA_FREE_DAILY: '3',
      PIXTRACT_QUOTA_ADDRESS_DAILY: '1000',
    });
    tight.startWorker(async (job) => withDuplicate(job.data.url));
    try {
      const browser = tight.browser();
      const post = (page: string) =>
        browser.fetch('/api/extractions', { method: 'POST', json: { url: fixtures.url(page) } });
      const { extractionId } = (await (await post('/pages/limit.html')).json()) as ExtractionAccepted;
      for (;;) {
        const view = (await (await browser.fetch(`/api/extractions/${extractionId}`)).json()) as ExtractionView;
        if (view.status === 'completed') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await post('/pages/limit.html')).status).toBe(200);
      expect((await post('/pages/limit-other.html')).status).toBe(429);
    } finally {
      await tight.close();
    }
  });

  it('counts distinct images in the history, as charged (audit row 11)', async () => {
    const member = await signedIn('historian');
    const { body } = await start(member, '/pages/duplicates.html');
    const view = await settled(member, body.extractionId);
    expect(view.result?.files).toHaveLength(4);
    expect(view.result?.limits).toMatchObject({ used: 3 });
    const history = (await (await member.fetch('/api/user/extraction-history')).json()) as ExtractionHistoryItem[];
    expect(history).toEqual([expect.objectContaining({ id: body.extractionId, imageCount: 3 })]);
  });
});
