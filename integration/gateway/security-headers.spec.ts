import { createTestDatabase, uniqueQueuePrefix } from '@pixtract/testing';
import { rmSync } from 'node:fs';
import { startAuth } from '@pixtract/auth/test/auth-harness';
import { contentSecurityPolicy, paypalSources } from '@pixtract/gateway/src/security/content-security-policy';
import { GatewayHarness, startGateway } from '../support/gateway-harness';
import { miniatureWebDist } from '../support/web-dist.fixture';

const policyOf = (res: Response) =>
  Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split('; ')
      .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]),
  );

describe('security headers on every answer (audit row 9)', () => {
  let gateway: GatewayHarness;
  let dist: string;

  beforeAll(async () => {
    dist = miniatureWebDist();
    gateway = await startGateway('gateway_headers', { WEB_DIST: dist, PAYPAL_SDK_URL: 'http://127.0.0.1:3999/sdk/js' });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const answers = () =>
    Promise.all([
      fetch(`${gateway.base}/`, { headers: { accept: 'text/html' } }),
      fetch(`${gateway.base}/ar/results?url=example.com`, { headers: { accept: 'text/html' } }),
      fetch(`${gateway.base}/assets/app-abc123.js`),
      fetch(`${gateway.base}/assets/does-not-exist.js`),
      fetch(`${gateway.base}/api/auth/status`),
      fetch(`${gateway.base}/api/user/profile`),
      fetch(`${gateway.base}/api/nothing-here`),
      fetch(`${gateway.base}/api/extractions`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      }),
      fetch(`${gateway.base}/api/extractions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      fetch(`${gateway.base}/health`),
    ]);

  it('sends the CSP, no framing, nosniff and a referrer policy, and no X-Powered-By, on pages, assets, API answers and errors', async () => {
    for (const res of await answers()) {
      const where = `${res.url} ${res.status}`;
      expect([where, res.headers.get('x-content-type-options')]).toEqual([where, 'nosniff']);
      expect([where, res.headers.get('x-frame-options')]).toEqual([where, 'DENY']);
      expect([where, res.headers.get('referrer-policy')]).toEqual([where, 'strict-origin-when-cross-origin']);
      expect([where, res.headers.get('x-powered-by')]).toEqual([where, null]);
      expect([where, policyOf(res)['frame-ancestors']]).toEqual([where, ["'none'"]]);
      expect([where, res.status < 500]).toEqual([where, true]);
    }
  });

  it('answers a missing asset with 404 in the catalogue shape, not 500 (audit row 7)', async () => {
    for (const [path, status] of [
      ['/assets/does-not-exist.js', 404],
      ['/assets/nested/missing.css', 404],
      ['/assets/%E0%A4%A', 400],
      ['/assets/', 404],
    ] as const) {
      expect([path, (await fetch(gateway.base + path)).status]).toEqual([path, status]);
    }
    const missing = await fetch(`${gateway.base}/assets/does-not-exist.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' });
  });

  it("runs the app under a CSP with scripts from its own origin and PayPal's SDK only", async () => {
    const policy = policyOf(await fetch(`${gateway.base}/`, { headers: { accept: 'text/html' } }));
    expect(policy['script-src']).toEqual(["'self'", 'http://127.0.0.1:3999']);
    expect(policy['connect-src']).toEqual(["'self'", 'http://127.0.0.1:3999']);
    expect(policy['frame-src']).toEqual(['http://127.0.0.1:3999']);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
  });

  it('keeps account and API answers out of caches, and lets hashed assets be cached', async () => {
    for (const path of [
      '/api/auth/status',
      '/api/user/profile',
      '/API/Auth/Status',
      '/api/extractions/00000000-0000-4000-8000-000000000000',
    ]) {
      expect([path, (await fetch(gateway.base + path)).headers.get('cache-control')]).toEqual([path, 'no-store']);
    }
    expect((await fetch(`${gateway.base}/assets/app-abc123.js`)).headers.get('cache-control')).toMatch(
      /max-age=31536000/,
    );
  });

  it('sends no HSTS outside production', async () => {
    expect(
      (await fetch(`${gateway.base}/`, { headers: { 'x-forwarded-proto': 'https' } })).headers.get(
        'strict-transport-security',
      ),
    ).toBeNull();
  });
});

describe('the content security policy', () => {
  it("allows PayPal's own hosts when the SDK is PayPal's", () => {
    const policy = contentSecurityPolicy(paypalSources('https://www.paypal.com/sdk/js?client-id=x'));
    for (const directive of ['script-src', 'connect-src', 'frame-src']) {
      expect(policy).toMatch(
        new RegExp(
          `${directive} [^;]*https://www\\.paypal\\.com https://www\\.sandbox\\.paypal\\.com https://\\*\\.paypal\\.com https://\\*\\.paypalobjects\\.com`,
        ),
      );
    }
    expect(policy).not.toMatch(/frame-src 'none'/);
  });

  it("lets a route extend it for its own page, the app's policy kept", () => {
    const policy = contentSecurityPolicy({ 'script-src': ["'sha256-abc'"] });
    expect(policy).toMatch(/script-src 'self' 'sha256-abc'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
  });

  it("is the app's alone without PayPal", () => {
    expect(contentSecurityPolicy(paypalSources(undefined))).toMatch(/script-src 'self'; /);
  });
});

describe('in production behind a TLS-terminating proxy named by TRUST_PROXY', () => {
  it('sends HSTS and Secure session cookies for HTTPS requests, and neither over plain HTTP', async () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), VISITOR_SECRET: 'v'.repeat(32) };
    const database = await createTestDatabase('gateway_production');
    const auth = await startAuth('gateway_production_auth', production);
    const gateway = await startGateway(
      'gateway_production',
      { ...production, TRUST_PROXY: 'loopback' },
      { database, queuePrefix: uniqueQueuePrefix('production'), authUrl: auth.base },
    );
    try {
      const post = (path: string, proto: string) =>
        fetch(gateway.base + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-proto': proto },
          body: JSON.stringify({ username: 'secure-one', password: 'long enough pass' }),
        });
      expect((await post('/api/auth/register', 'https')).status).toBe(201);
      const secure = await post('/api/auth/login', 'https');
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      const session = secure.headers.getSetCookie().find((line) => line.startsWith('pixtract.sid='));
      expect(session).toMatch(/; Secure/);
      expect(session).toMatch(/; HttpOnly/);

      const plain = await post('/api/auth/login', 'http');
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      // express-session never sends a Secure cookie over what it sees as plain HTTP.
      expect(plain.headers.getSetCookie().filter((line) => line.startsWith('pixtract.sid='))).toEqual([]);
    } finally {
      await gateway.close();
      await auth.close();
      await database.drop();
    }
  });
});
