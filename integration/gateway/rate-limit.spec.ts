import { GatewayHarness, startGateway } from '../support/gateway-harness';

describe('rate limits held in Redis across gateway replicas', () => {
  let gateway: GatewayHarness;
  let replica: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway('gateway_rate_limit');
    replica = await startGateway('gateway_rate_limit_replica', {}, gateway);
  });
  afterAll(async () => {
    await replica.close();
    await gateway.close();
  });

  const login = (node: GatewayHarness, forwardedFor: string) =>
    fetch(`${node.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ username: 'nobody', password: 'wrong password' }),
    });

  it('allows 10 logins a minute per client across both replicas, whatever X-Forwarded-For claims', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        login(i % 2 ? replica : gateway, `203.0.113.${i}`).then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);

    const refused = await login(replica, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
  });

  it('counts each route on its own', async () => {
    const res = await fetch(`${gateway.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'after-logins', password: 'long enough pass' }),
    });
    expect(res.status).toBe(201);
  });

  it("counts every spelling of a route's path as the route (audit row 1): case, trailing slash, query", async () => {
    const attempt = (path: string) =>
      fetch(`${replica.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody', password: 'wrong password' }),
      });
    // The first test used up the window of login from this address: every spelling is refused, none reaches a password check.
    for (const path of [
      '/api/auth/login/',
      '/API/AUTH/LOGIN',
      '/Api/Auth/Login/',
      '/api/auth/login?x=1',
      '/api/auth/login/?',
    ]) {
      const res = await attempt(path);
      expect([path, res.status]).toEqual([path, 429]);
    }
    // A spelling that does not reach the route is not a login either: auth routes it nowhere.
    for (const path of ['/api/auth//login', '/api/auth/log%69n', '/api/auth/login;x']) {
      expect([path, (await attempt(path)).status]).toEqual([path, 404]);
    }
  });

  it('limits extractions under every spelling together', async () => {
    const attempt = (path: string) =>
      fetch(`${gateway.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'ftp://refused.example/' }),
      }).then((res) => res.status);
    const spellings = [
      '/api/extract-images',
      '/API/EXTRACT-IMAGES',
      '/api/extract-images/',
      '/Api/Extract-Images/?a=1',
    ];
    for (let i = 0; i < 30; i++) expect(await attempt(spellings[i % spellings.length])).toBe(400);
    expect(await attempt('/API/extract-IMAGES/')).toBe(429);
    expect(await attempt('/api/extractions')).toBe(400);
  });
});

describe('rate limits on anonymous writes and screenshots, per client network', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    // Billing and the zipper are not there: what passes the limit is refused behind it (503, 502), never a 429.
    gateway = await startGateway('gateway_anonymous_limits', {
      BILLING_URL: 'http://127.0.0.1:9',
      ZIPPER_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => gateway.close());

  const TOO_MANY = {
    statusCode: 429,
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many attempts. Please wait a moment and try again.',
  };

  /** Statuses of `count` requests in a row, then the answer to one more. */
  const flood = async (count: number, send: () => Promise<Response>) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await send()).status);
    const over = await send();
    return { statuses, over: [over.status, await over.json(), over.headers.has('retry-after')] };
  };

  it('allows 5 newsletter sign-ups per 10 minutes, then answers 429 in the catalogue words', async () => {
    let n = 0;
    const { statuses, over } = await flood(5, () =>
      gateway.post('/api/newsletter', { email: `reader${n++}@example.com` }),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(over).toEqual([429, TOO_MANY, true]);
  });

  it('allows 10 donation orders per 10 minutes', async () => {
    const { statuses, over } = await flood(10, () => gateway.post('/api/donations', { amount: '5.00' }));
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(over).toEqual([429, TOO_MANY, true]);
  });

  it('allows 10 full-page screenshots a minute, however the flag is spelt; the image proxy beside them is not counted', async () => {
    // The zipper renders a screenshot for fullpage=true and fullpage=1 alike: both count.
    let n = 0;
    const screenshot = () =>
      fetch(
        `${gateway.base}/api/proxy-image?fullpage=${n++ % 2 ? '1' : 'true'}&url=${encodeURIComponent('https://example.com/')}`,
      );
    const { statuses, over } = await flood(10, screenshot);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(over).toEqual([429, TOO_MANY, true]);
    const image = await fetch(`${gateway.base}/api/proxy-image?url=${encodeURIComponent('https://example.com/a.png')}`);
    expect(image.status).not.toBe(429);
  });
});
