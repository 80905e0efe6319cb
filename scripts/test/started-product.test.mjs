// The product as `npm start` starts it (productProcesses: the built services with start-up's own settings), on
// free ports and databases of its own: what only the real start-up path can show — listening addresses, the
// services' shared secret, static files, the Host rule, and what production refuses.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { buildProjects } from '../lib/build.mjs';
import { databaseUrl, ensureDatabases } from '../lib/databases.mjs';
import { prepareInfrastructure } from '../lib/infrastructure.mjs';
import { isPortFree } from '../lib/net.mjs';
import { ROOT } from '../lib/paths.mjs';
import { productProcesses } from '../lib/product.mjs';
import { clearRedisPrefix } from '../lib/redis.mjs';
import { databaseNames, missingEntries } from '../lib/services.mjs';
import { StackFailure, launchStack } from '../lib/stack.mjs';

/** Gateway, auth, extractor, zipper, billing, the PayPal simulator and the gateway's metrics: base + 0…6. */
const PORTS_PER_STACK = 7;

/** The first base port from `from` whose seven ports are all free. */
async function freeBasePort(from) {
  for (let base = from; base < 65_000; base += PORTS_PER_STACK) {
    const free = await Promise.all(Array.from({ length: PORTS_PER_STACK }, (_, i) => isPortFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error('no seven free ports in a row');
}

/** Whether anything accepts a TCP connection on host:port. */
const accepts = (host, port) =>
  new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** An address of this machine other than loopback: what another machine on the network would connect to. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((info) => info?.family === 'IPv4' && !info.internal)?.address;

const quiet = () => new PassThrough().resume();
const suffix = randomBytes(4).toString('hex');
const databasePrefix = `pixtract_started_${suffix}`;
const queuePrefix = `pixtract-started-${suffix}`;

describe('the product as npm start starts it', () => {
  let infrastructure;
  let stack;
  let base;
  let services;

  before(async () => {
    // The real start-up path runs the build's output: Nx builds what changed (usually nothing).
    assert.ok((await buildProjects([], { quiet: true })).ok, 'the build failed');
    assert.deepEqual(missingEntries(), []);
    infrastructure = await prepareInfrastructure();
    await ensureDatabases(infrastructure.databaseServerUrl, databaseNames(databasePrefix), { reset: true });
    base = await freeBasePort(3300);
    // As a developer runs it: no INTERNAL_TOKEN, no PUBLIC_URL, no PayPal or Google credentials, NODE_ENV unset.
    const env = { QUEUE_PREFIX: queuePrefix, LOG_LEVEL: 'warn' };
    ({ services } = await productProcesses({ basePort: base, infrastructure, databasePrefix, env }));
    stack = launchStack(services, { output: quiet() });
    await stack.waitReady();
  });

  after(async () => {
    await stack?.stop();
    if (infrastructure) {
      await dropDatabases(infrastructure.databaseServerUrl, databaseNames(databasePrefix));
      await clearRedisPrefix(infrastructure.redisUrl, queuePrefix);
      await infrastructure.stop();
    }
  });

  it('gives every service one internal token, generated for this start', () => {
    const tokens = new Set(services.map((service) => service.env.INTERNAL_TOKEN).filter(Boolean));
    assert.equal(tokens.size, 1);
    assert.match([...tokens][0], /^[0-9a-f]{64}$/);
  });

  it(
    'answers from the network on the gateway port only; every other port listens on 127.0.0.1',
    {
      skip: !networkAddress && 'this machine has no network address besides loopback',
    },
    async () => {
      const listening = {};
      for (let port = base; port < base + PORTS_PER_STACK; port++)
        listening[port] = [await accepts('127.0.0.1', port), await accepts(networkAddress, port)];
      const expected = Object.fromEntries(Object.keys(listening).map((port) => [port, [true, Number(port) === base]]));
      assert.deepEqual(listening, expected);
    },
  );

  it("refuses internal routes and stated users without the services' secret (401)", async () => {
    const port = (offset) => `http://127.0.0.1:${base + offset}`;
    const refused = [
      [`${port(4)}/api/user/subscription`, { headers: { 'x-pixtract-user-id': '43' } }],
      [
        `${port(4)}/internal/test-clock/advance`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"days":1}' },
      ],
      [`${port(1)}/internal/callers`, { method: 'POST' }],
      [`${port(1)}/api/auth/status`, { headers: { 'x-forwarded-for': '203.0.113.7' } }],
      [`${port(3)}/api/download-images`, { method: 'POST', headers: { 'x-pixtract-plan': 'premium' } }],
    ];
    for (const [url, init] of refused) {
      const res = await fetch(url, init);
      assert.deepEqual([url, res.status, (await res.json()).code], [url, 401, 'INTERNAL_ONLY']);
    }
    // With the secret, billing answers; its test clock is not there at all under npm start.
    const secret = { 'x-pixtract-internal-token': services[0].env.INTERNAL_TOKEN };
    const clock = await fetch(`${port(4)}/internal/test-clock/advance`, {
      method: 'POST',
      headers: { ...secret, 'content-type': 'application/json' },
      body: '{"days":1}',
    });
    assert.equal(clock.status, 404);
    const subscription = await fetch(`${port(4)}/api/user/subscription`, {
      headers: { ...secret, 'x-pixtract-user-id': '43' },
    });
    assert.notEqual(subscription.status, 401);
  });

  it('signs in with Google through the simulator it started (no Google client set), on 127.0.0.1 only', async () => {
    const google = services.find((service) => service.name === 'google');
    const simulator = `http://127.0.0.1:${google.env.PORT}`;
    const status = await (await fetch(`http://127.0.0.1:${base}/api/auth/status`)).json();
    assert.deepEqual([status.googleSignIn, status.googleTestSignIn], [true, true]);
    const link = await fetch(`http://127.0.0.1:${base}/auth/google`, { redirect: 'manual' });
    assert.deepEqual([link.status, link.headers.get('location')], [302, '/api/auth/google']);
    const start = await fetch(`http://127.0.0.1:${base}/api/auth/google`, { redirect: 'manual' });
    const authorization = new URL(start.headers.get('location'));
    assert.equal(`${authorization.origin}${authorization.pathname}`, `${simulator}/o/oauth2/v2/auth`);
    assert.equal(authorization.searchParams.get('redirect_uri'), `http://localhost:${base}/api/auth/google/callback`);
    if (networkAddress) assert.equal(await accepts(networkAddress, Number(google.env.PORT)), false);
  });

  it('answers a missing static file with 404 in the catalogue shape, not 500', async () => {
    for (const path of ['/assets/index-OLDHASH.js', '/assets/nested/missing.css', '/assets/']) {
      const res = await fetch(`http://127.0.0.1:${base}${path}`);
      assert.deepEqual(
        [path, res.status, await res.json()],
        [path, 404, { statusCode: 404, code: 'NOT_FOUND', message: 'Not found.' }],
      );
    }
    assert.equal((await fetch(`http://127.0.0.1:${base}/assets/%E0%A4%A`)).status, 400);
  });

  it('refuses a Host outside this machine on pages, the sitemap and robots.txt (421) without PUBLIC_URL', async () => {
    const get = (path, host) => fetchWithHost(`http://127.0.0.1:${base}${path}`, host, { accept: 'text/html' });
    for (const path of ['/', '/pricing', '/sitemap.xml', '/robots.txt']) {
      assert.deepEqual([path, (await get(path, 'evil.example')).status], [path, 421]);
      const local = await get(path, `localhost:${base}`);
      assert.deepEqual([path, local.status], [path, 200]);
      if (path === '/sitemap.xml') assert.match(local.body, new RegExp(`<loc>http://localhost:${base}/`));
    }
  });
});

describe('npm start in production', () => {
  let infrastructure;

  before(async () => {
    infrastructure = await prepareInfrastructure();
  });
  after(() => infrastructure?.stop());

  /** The gateway as npm start runs it with `env`: resolves with why it refused to start. */
  async function gatewayRefusal(env) {
    const base = await freeBasePort(3300);
    const { services } = await productProcesses({
      basePort: base,
      infrastructure,
      databasePrefix: 'pixtract_never',
      env,
    });
    const gateway = services.find((service) => service.name === 'gateway');
    // The user's environment reaches every service (npm start's children inherit it).
    const stack = launchStack([{ ...gateway, env: { ...env, ...gateway.env } }], { output: quiet() });
    try {
      await stack.waitReady({ timeoutMs: 60_000 });
      return 'started';
    } catch (error) {
      assert.ok(error instanceof StackFailure, error.stack);
      return error.lastLines.join('\n');
    } finally {
      await stack.stop();
    }
  }

  it('refuses to start without INTERNAL_TOKEN, and without PUBLIC_URL', async () => {
    assert.match(
      await gatewayRefusal({ NODE_ENV: 'production', PUBLIC_URL: 'https://pixtract.example' }),
      /INTERNAL_TOKEN: required in production/,
    );
    assert.match(
      await gatewayRefusal({ NODE_ENV: 'production', INTERNAL_TOKEN: 'p'.repeat(64) }),
      /PUBLIC_URL: required in production/,
    );
  });
});

/** fetch cannot set Host: a plain HTTP/1.1 request that can. */
function fetchWithHost(url, host, headers) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { ...headers, host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.once('error', reject);
    req.end();
  });
}

async function dropDatabases(serverUrl, names) {
  const { Client } = createRequire(join(ROOT, 'package.json'))('pg');
  const client = new Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await client.connect();
  try {
    for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
