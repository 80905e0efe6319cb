import { AuthStatus, ExtractJobResult, ExtractionView, Limits } from '@pixtract/contracts';
import { CookieJar, FixtureServer, startFixtureServer } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

const resultWith = (url: string, count: number): ExtractJobResult => ({
  files: Array.from({ length: count }, (_, i) => ({
    fileUrl: `${url}/img/${i}.png`,
    alt: `Image ${i}`,
    width: 10 + i,
    height: 10,
    position: i,
  })),
  sourceUrl: url,
  warnings: [],
  performanceInfo: { timeMs: 5, method: 'static' },
  totalImagesFound: count,
});

describe('accounts and quotas through the gateway (real auth, Postgres, Redis, BullMQ)', () => {
  let gateway: GatewayHarness;
  let replica: GatewayHarness;
  let fixtures: FixtureServer;

  beforeAll(async () => {
    fixtures = await startFixtureServer();
    gateway = await startGateway('gateway_account', {
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
      PIXTRACT_QUOTA_FREE_DAILY: '6',
      PIXTRACT_QUOTA_FREE_PER_EXTRACTION: '4',
    });
    replica = await startGateway('gateway_account_replica', { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' }, gateway);
    gateway.startWorker(async (job) => resultWith(job.data.url, 5));
  });
  afterAll(async () => {
    await replica.close();
    await gateway.close();
    await fixtures.close();
  });

  const extract = (browser: CookieJar, page: string) =>
    browser.fetch('/api/extract-images', { method: 'POST', json: { url: fixtures.url(page) } });

  it('relays register, login, status and logout to auth with the cookies', async () => {
    const browser = new CookieJar(gateway.base);
    expect(
      (
        await browser.fetch('/api/auth/register', {
          method: 'POST',
          json: { username: 'proxied', password: 'long enough pass' },
        })
      ).status,
    ).toBe(201);
    const login = await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'proxied', password: 'long enough pass' },
    });
    expect(login.status).toBe(200);
    expect(browser.get('pixtract.sid')).toBeDefined();
    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status).toMatchObject({ isAuthenticated: true, user: { username: 'proxied', role: 'registered' } });
    expect((await browser.fetch('/api/user/profile')).status).toBe(200);
    await browser.fetch('/api/auth/logout', { method: 'POST' });
    expect(await (await browser.fetch('/api/auth/status')).json()).toEqual({
      isAuthenticated: false,
      user: null,
      googleSignIn: false,
      googleTestSignIn: false,
    });
    expect((await browser.fetch('/api/user/profile')).status).toBe(401);
  });

  it('refuses a cross-site POST that carries cookies with 403', async () => {
    const browser = new CookieJar(gateway.base);
    await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'victim', password: 'long enough pass' },
    });
    await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'victim', password: 'long enough pass' },
    });
    const crossSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      for (const path of ['/api/auth/logout', '/api/extractions']) {
        const res = await browser.fetch(path, {
          method: 'POST',
          headers,
          json: { url: fixtures.url('/pages/csrf.html') },
        });
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
      }
    }
    expect(((await (await browser.fetch('/api/auth/status')).json()) as AuthStatus).isAuthenticated).toBe(true);
    const own = await browser.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: gateway.base },
    });
    expect(own.status).toBe(200);
  });

  it('charges a visitor, keeps their usage when they sign in, and refuses at 0 left with 429 and limits before queueing', async () => {
    const browser = new CookieJar(gateway.base);
    await new CookieJar(gateway.base).fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'member', password: 'long enough pass' },
    });
    // First extraction: 5 found, per-extraction cap 4.
    const first = await extract(browser, '/pages/visitor-1.html');
    expect(first.status).toBe(200);
    expect(browser.get('pixtract.visitor')).toBeDefined();
    expect(((await first.json()) as { limits: Limits }).limits).toEqual({
      total: 6,
      used: 4,
      remaining: 2,
      role: 'free',
      limitApplied: true,
      totalImagesFound: 5,
    });
    const second = (await (await extract(browser, '/pages/visitor-2.html')).json()) as {
      files: unknown[];
      limits: Limits;
    };
    expect(second.files).toHaveLength(2);
    expect(second.limits).toMatchObject({ used: 6, remaining: 0, limitApplied: true });

    const before = await gateway.app.get(DataSource).query('SELECT count(*)::int AS n FROM extractions');
    const refused = await browser.fetch('/api/extractions', {
      method: 'POST',
      json: { url: fixtures.url('/pages/visitor-3.html') },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      message: 'Daily Limit Reached',
      limits: { total: 6, used: 6, remaining: 0, role: 'free' },
    });
    expect(await gateway.app.get(DataSource).query('SELECT count(*)::int AS n FROM extractions')).toEqual(before);

    await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'member', password: 'long enough pass' },
    });
    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status.user?.usedToday).toBe(6);
    const asMember = (await (await extract(browser, '/pages/member.html')).json()) as { limits: Limits };
    expect(asMember.limits).toMatchObject({ role: 'registered', used: 11, total: 1500, limitApplied: false });

    const history = (await (await browser.fetch('/api/user/extraction-history')).json()) as Array<{
      url: string;
      status: string;
      imageCount: number;
    }>;
    expect(history).toEqual([
      expect.objectContaining({ url: fixtures.url('/pages/member.html'), status: 'completed', imageCount: 5 }),
    ]);
    const images = (await (await browser.fetch('/api/user/recent-images')).json()) as Array<{
      alt: string;
      sourceUrl: string;
    }>;
    expect(images).toHaveLength(5);
    expect(images[0]).toMatchObject({ alt: 'Image 0', sourceUrl: `${fixtures.url('/pages/member.html')}/img/0.png` });
    expect((await fetch(`${gateway.base}/api/user/extraction-history`)).status).toBe(401);
  });

  it('charges an extraction finalised by two replicas at once a single time', async () => {
    const browser = new CookieJar(replica.base);
    await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'twice', password: 'long enough pass' },
    });
    await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'twice', password: 'long enough pass' },
    });
    const res = await browser.fetch('/api/extractions', {
      method: 'POST',
      json: { url: fixtures.url('/pages/replicas.html') },
    });
    const { extractionId } = (await res.json()) as { extractionId: string };
    // Both replicas (and GET on each) race to finalise the same completed job.
    const views = await Promise.all(
      [gateway, replica, gateway, replica].map(async (node) => {
        for (;;) {
          const view = (await (
            await fetch(`${node.base}/api/extractions/${extractionId}`, { headers: { cookie: browser.header() } })
          ).json()) as ExtractionView;
          if (view.status === 'completed') return view;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }),
    );
    expect(new Set(views.map((view) => JSON.stringify(view.result?.limits))).size).toBe(1);
    expect(views[0].result?.limits).toMatchObject({ used: 5, role: 'registered' });
    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status.user?.usedToday).toBe(5);
  });
});
