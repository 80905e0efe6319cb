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
