import { GatewayHarness, startGateway } from '../support/gateway-harness';

describe('every state-changing request comes from our own site, with or without cookies (audit row 3)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway('gateway_same_origin');
    const res = await gateway.post('/api/auth/register', { username: 'csrf-victim', password: 'long enough pass' });
    expect(res.status).toBe(201);
  });
  afterAll(() => gateway.close());

  const credentials = JSON.stringify({ username: 'csrf-victim', password: 'long enough pass' });
  const login = (headers: Record<string, string>, body = credentials) =>
    fetch(`${gateway.base}/api/auth/login`, { method: 'POST', headers, body, redirect: 'manual' });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    [
      'Sec-Fetch-Site: same-site (a sibling subdomain)',
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.pixtract.example' },
    ],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame, a data: page)', { origin: 'null' }],
  ])('refuses a login posted from another site without any cookie: %s', async (_label, headers) => {
    const res = await login({ 'content-type': 'application/json', ...headers });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      statusCode: 403,
      code: 'CROSS_SITE_REQUEST',
      message: 'This request must come from the Pixtract site itself.',
    });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("refuses the audit's cross-site form post of a login, and takes no form body at sign-in even from our own site", async () => {
    const form = new URLSearchParams({ username: 'csrf-victim', password: 'long enough pass' }).toString();
    const crossSite = await login(
      {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      form,
    );
    expect(crossSite.status).toBe(403);
    const own = await login(
      { 'content-type': 'application/x-www-form-urlencoded', origin: gateway.base, 'sec-fetch-site': 'same-origin' },
      form,
    );
    expect(own.status).toBe(415);
    expect(await own.json()).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
    for (const path of ['/api/auth/register', '/api/auth/logout', '/api/newsletter', '/api/extractions']) {
      const res = await fetch(gateway.base + path, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      });
      expect([path, res.status]).toEqual([path, 415]);
    }
  });

  it('signs in from our own page, and from a client that is no browser (no Origin, no Fetch Metadata)', async () => {
    expect(
      (await login({ 'content-type': 'application/json', origin: gateway.base, 'sec-fetch-site': 'same-origin' }))
        .status,
    ).toBe(200);
    expect((await login({ 'content-type': 'application/json' })).status).toBe(200);
  });

  it("leaves PayPal's webhook to its signature check, by its exact path only", async () => {
    const post = (path: string) =>
      fetch(gateway.base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: '{}',
      });
    // Not refused as cross-site: it reached the billing route (billing itself is not running here).
    const webhook = await post('/api/billing/paypal/webhook');
    expect(webhook.status).not.toBe(403);
    expect(await webhook.json()).not.toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expect((await post('/api/billing/paypal/webhook/')).status).toBe(403);
  });
});
