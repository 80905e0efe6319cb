import { GatewayHarness, startGateway } from './gateway-harness';

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
    const statuses = await Promise.all(Array.from({ length: 14 }, (_, i) => login(i % 2 ? replica : gateway, `203.0.113.${i}`).then((res) => res.status)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);

    const refused = await login(replica, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait a moment and try again.' });
  });

  it('counts each route on its own', async () => {
    const res = await fetch(`${gateway.base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'after-logins', password: 'long enough pass' }) });
    expect(res.status).toBe(201);
  });
});
