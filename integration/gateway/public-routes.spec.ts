import type { INestApplication } from '@nestjs/common';
import { AuthStatus, ErrorBody, PAYPAL_WEBHOOK_PATH } from '@pixtract/contracts';
import { createTestDatabase, TestDatabase, TestWeb, uniqueQueuePrefix } from '@pixtract/testing';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { AuthHarness, startAuth } from '@pixtract/auth/test/auth-harness';
import { BillingHarness, startBilling } from '@pixtract/billing/test/billing-harness';
import { ZipperHarness, startZipper } from '@pixtract/zipper/test/zipper-harness';
import { GatewayHarness, startGateway } from '../support/gateway-harness';
import { miniatureWebDist } from '../support/web-dist.fixture';

/**
 * Keeps the audit's holes from coming back: a table of bad inputs sent to every public route — the gateway's own,
 * the auth routes it relays, the web app's pages and assets, socket.io — read from the running routers, so a route
 * added later is in the table without anyone listing it. Every answer is checked for a 5xx, and the refusals that
 * guard something (origin, media type, NUL, depth, size, forged cookies) for a bypass.
 */

interface Route {
  method: string;
  path: string;
}

interface Probe {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

interface BadInput {
  name: string;
  probe(route: Route): Probe;
  /** What must hold besides "no 5xx": the refusal that keeps the input out (a bypass is an answer without it). */
  holds?(answer: Answer, route: Route): void;
}

interface Answer {
  status: number;
  headers: Headers;
  body: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that read a form body besides JSON (BODY_FORMATS in service-kit). */
const FORM_ROUTES = new Set(['/api/download-images']);
/**
 * Routes read as raw bytes and checked by a signature (PayPal's webhook): whatever the bytes, the answer is a refusal
 * (of the signature, the size or the path), never the body parser's nor the origin check's.
 */
const SIGNED_ROUTES = new Set([PAYPAL_WEBHOOK_PATH]);
/** Routes only a signed-in user may read. */
const MEMBER_ROUTES = new Set(['/api/user/profile', '/api/user/extraction-history', '/api/user/recent-images']);

const json = { 'content-type': 'application/json' };
const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
const forgedCookies = `pixtract.sid=s%3A${randomUUID()}.forgedsignature; pixtract.visitor=s%3Aaaaaaaaaaaaaaaaaaaaaaa.forged; pixtract.oidc=forged`;
const nulEverywhere =
  '{"url":"https://example.com/\\u0000","username":"a\\u0000b","password":"x\\u0000y","email":"a\\u0000@example.com","imageUrls":["\\u0000"],"sourceUrl":"\\u0000"}';
const deep = `{"url":${'['.repeat(5000)}${']'.repeat(5000)}}`;
const huge = JSON.stringify({ url: 'x'.repeat(2 * 1024 * 1024) });

const refusedWith = (status: number, code?: string) => (answer: Answer) => {
  expect(answer.status).toBe(status);
  if (code) expect((JSON.parse(answer.body) as ErrorBody).code).toBe(code);
};
const bodyRefused = (status: number, code: string) => (answer: Answer, route: Route) => {
  if (STATE_CHANGING.has(route.method) && route.path.startsWith('/api/')) refusedWith(status, code)(answer);
};

/** Another site's page changes nothing here, and opens no socket here (cross-site WebSocket hijacking). */
function refusedAcrossSites(answer: Answer, route: Route): void {
  if (route.path.startsWith('/socket.io/')) expect(answer.status).toBe(403);
  else if (STATE_CHANGING.has(route.method)) refusedWith(403, 'CROSS_SITE_REQUEST')(answer);
}

const BAD_INPUTS: BadInput[] = [
  {
    name: 'malformed JSON',
    probe: () => ({ headers: json, body: '{"url": ' }),
    holds: bodyRefused(400, 'MALFORMED_BODY'),
  },
  {
    name: 'a body that is not the gzip it says',
    probe: () => ({ headers: { ...json, 'content-encoding': 'gzip' }, body: 'not gzip at all' }),
    holds: bodyRefused(400, 'UNREADABLE_BODY'),
  },
  {
    name: 'a valid gzip body',
    probe: () => ({ headers: { ...json, 'content-encoding': 'gzip' }, body: gzipSync('{}') }),
  },
  {
    name: 'a gzip bomb',
    probe: () => ({ headers: { ...json, 'content-encoding': 'gzip' }, body: gzipSync(huge) }),
    holds: bodyRefused(413, 'PAYLOAD_TOO_LARGE'),
  },
  {
    name: 'an unknown Content-Encoding',
    probe: () => ({ headers: { ...json, 'content-encoding': 'compress' }, body: '{}' }),
    holds: bodyRefused(415, 'UNSUPPORTED_ENCODING'),
  },
  {
    name: 'JSON nested 5,000 deep',
    probe: () => ({ headers: json, body: deep }),
    holds: bodyRefused(400, 'BODY_TOO_DEEP'),
  },
  { name: 'a 2 MB body', probe: () => ({ headers: json, body: huge }), holds: bodyRefused(413, 'PAYLOAD_TOO_LARGE') },
  {
    name: 'NUL in every field',
    probe: () => ({ headers: json, body: nulEverywhere }),
    holds: bodyRefused(400, 'NUL_CHARACTER'),
  },
  {
    name: 'NUL in a form body',
    probe: () => ({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'imageUrls=%00&username=a%00b&url=%00',
    }),
  },
  {
    name: 'a form body where JSON is expected',
    probe: () => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=a&password=b' }),
    holds: (answer, route) => {
      if (!FORM_ROUTES.has(route.path)) bodyRefused(415, 'UNSUPPORTED_MEDIA_TYPE')(answer, route);
    },
  },
  {
    name: 'text/plain JSON',
    probe: () => ({ headers: { 'content-type': 'text/plain' }, body: '{"url":"https://example.com"}' }),
    holds: bodyRefused(415, 'UNSUPPORTED_MEDIA_TYPE'),
  },
  {
    name: 'multipart',
    probe: () => ({
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    }),
    holds: bodyRefused(415, 'UNSUPPORTED_MEDIA_TYPE'),
  },
  {
    name: 'JSON in UTF-16',
    probe: () => ({
      headers: { 'content-type': 'application/json; charset=utf-16le' },
      body: Buffer.from('{}', 'utf16le'),
    }),
    holds: bodyRefused(415, 'UNSUPPORTED_MEDIA_TYPE'),
  },
  {
    name: 'a top-level JSON string',
    probe: () => ({ headers: json, body: '"just a string"' }),
    holds: bodyRefused(400, 'MALFORMED_BODY'),
  },
  {
    name: 'a cross-site request without cookies',
    probe: () => ({ headers: { ...json, ...crossSite }, body: '{}' }),
    holds: refusedAcrossSites,
  },
  {
    name: 'a cross-site request with forged cookies',
    probe: () => ({ headers: { ...json, ...crossSite, cookie: forgedCookies, origin: 'null' }, body: '{}' }),
    holds: refusedAcrossSites,
  },
  {
    name: 'forged session and visitor cookies',
    probe: () => ({ headers: { ...json, cookie: forgedCookies }, body: '{}' }),
    holds: (answer, route) => {
      if (MEMBER_ROUTES.has(route.path)) refusedWith(401, 'AUTHENTICATION_REQUIRED')(answer);
      if (route.path === '/api/auth/status')
        expect((JSON.parse(answer.body) as AuthStatus).isAuthenticated).toBe(false);
      expect(
        answer.headers
          .getSetCookie()
          .filter((line) => line.startsWith('pixtract.sid=') && !/Expires=Thu, 01 Jan 1970/.test(line)),
      ).toEqual([]);
    },
  },
  {
    name: 'a garbled Cookie header',
    probe: () => ({
      headers: { ...json, cookie: '%%%; ===; pixtract.sid=%E0%A4%A; pixtract.visitor=' + 'x'.repeat(4000) },
      body: '{}',
    }),
  },
  {
    name: 'a forged X-Forwarded-For',
    probe: () => ({
      headers: {
        ...json,
        'x-forwarded-for': '127.0.0.1, 10.0.0.1, not-an-address',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'javascript',
      },
      body: '{}',
    }),
  },
  { name: 'the path in capitals', probe: (route) => ({ path: route.path.toUpperCase(), headers: json, body: '{}' }) },
  { name: 'a trailing slash', probe: (route) => ({ path: `${route.path}/`, headers: json, body: '{}' }) },
  {
    name: 'a doubled slash',
    probe: (route) => ({ path: route.path.replace(/\/([^/]*)$/, '//$1'), headers: json, body: '{}' }),
  },
  {
    name: 'a percent-encoded letter',
    probe: (route) => ({
      path: route.path.replace(
        /([a-z])([^a-z]*)$/,
        (_match, letter: string, rest: string) => `%${letter.charCodeAt(0).toString(16)}${rest}`,
      ),
      headers: json,
      body: '{}',
    }),
  },
  {
    name: 'a broken percent-encoding',
    probe: (route) => ({ path: `${route.path}%E0%A4%A`, headers: json, body: '{}' }),
  },
  {
    name: 'a hostile query',
    probe: (route) => ({
      path: `${route.path}?url=%00&url[]=x&id=%E0%A4%A&fullpage=${'a'.repeat(3000)}&__proto__[x]=1`,
      headers: json,
      body: '{}',
    }),
  },
  { name: 'HEAD', probe: () => ({ method: 'HEAD' }) },
  { name: 'OPTIONS', probe: () => ({ method: 'OPTIONS' }) },
  { name: 'an unexpected method', probe: () => ({ method: 'PATCH', headers: json, body: '{}' }) },
];

/** The methods a route is probed with (a route for every method, like a relay's app.all, gets these). */
const PROBED_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The routes an express app serves, as its router holds them. */
function routesOf(app: INestApplication): Route[] {
  const router = (
    app.getHttpAdapter().getInstance() as {
      router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> };
    }
  ).router;
  return router.stack.flatMap((layer) =>
    layer.route && typeof layer.route.path === 'string' && !/[{*]/.test(layer.route.path)
      ? Object.keys(layer.route.methods)
          .map((method) => ({ method: method.toUpperCase(), path: layer.route!.path }))
          .filter((route) => PROBED_METHODS.has(route.method))
      : [],
  );
}

/** A path parameter filled in: an id that names nothing (and, elsewhere in the table, garbage). */
const concrete = (route: Route): Route => ({ ...route, path: route.path.replace(/:\w+/g, randomUUID()) });

describe('every public route answers a table of bad inputs with a 4xx, never a 5xx nor a bypass', () => {
  let auth: AuthHarness;
  let database: TestDatabase;
  let web: TestWeb;
  let zipper: ZipperHarness;
  let gateway: GatewayHarness;
  let billing: BillingHarness;
  let dist: string;
  let routes: Route[];

  beforeAll(async () => {
    dist = miniatureWebDist();
    database = await createTestDatabase('gateway_public_routes');
    auth = await startAuth('gateway_public_routes_auth');
    web = new TestWeb();
    zipper = await startZipper(web);
    billing = await startBilling('gateway_public_routes_billing');
    gateway = await startGateway(
      'gateway_public_routes',
      { WEB_DIST: dist, ZIPPER_URL: zipper.base, BILLING_URL: billing.base },
      { database, queuePrefix: uniqueQueuePrefix('public-routes'), authUrl: auth.base },
    );

    const key = (route: Route) => `${route.method} ${route.path}`;
    const relayed = routesOf(auth.app).filter((route) => /^\/api\/(auth\/|user\/profile$)/.test(route.path));
    const own = routesOf(gateway.app).filter((route) => route.path !== '/');
    const pages = [
      '/',
      '/results',
      '/ar/auth',
      '/assets/app-abc123.js',
      '/assets/does-not-exist.js',
      '/socket.io/?EIO=4&transport=polling',
    ].map((path) => ({ method: 'GET', path }));
    routes = [...new Map([...own, ...relayed, ...pages].map((route) => [key(route), route])).values()];
  }, 60_000);
  afterAll(async () => {
    await gateway.close();
    await zipper.close();
    await billing.close();
    await web.close();
    await auth.close();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('reads every route from the routers, relayed ones included', () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      'POST /api/extractions',
      'GET /api/extractions/:id',
      'POST /api/extract-images',
      'POST /api/auth/login',
      'POST /api/auth/register',
      'GET /api/user/profile',
      'GET /api/auth/google',
      'POST /api/download-images',
      'GET /api/proxy-image',
      'POST /api/newsletter',
      'GET /api/user/extraction-history',
      'GET /api/subscription-plans',
      'POST /api/subscriptions/create',
      'POST /api/billing/paypal/webhook',
      'POST /api/comments',
      'GET /api/blog-posts/:slug',
      'GET /health',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(BAD_INPUTS.map((input) => [input.name, input] as const))('%s', async (_name, input) => {
    const failures: string[] = [];
    for (const route of routes.map(concrete)) {
      const probe = input.probe(route);
      const method = probe.method ?? route.method;
      const path = probe.path ?? route.path;
      const withBody = method !== 'GET' && method !== 'HEAD';
      const res = await fetch(gateway.base + path, {
        method,
        headers: probe.headers,
        body: withBody ? probe.body : undefined,
        redirect: 'manual',
      });
      const answer: Answer = { status: res.status, headers: res.headers, body: await res.text() };
      const where = `${method} ${path.slice(0, 80)} → ${answer.status} ${answer.body.slice(0, 120)}`;
      if (answer.status >= 500) failures.push(`5xx: ${where}`);
      try {
        if (SIGNED_ROUTES.has(route.path)) expect(answer.status).toBeGreaterThanOrEqual(400);
        else input.holds?.(answer, route);
      } catch (error) {
        failures.push(`bypass: ${where}: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
