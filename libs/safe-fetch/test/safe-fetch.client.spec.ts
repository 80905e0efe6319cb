import tls from 'node:tls';
import zlib from 'node:zlib';
import { ErrorCode } from '@pixtract/contracts';
import {
  closedAfterEachTest,
  PUBLIC_IP,
  startHttpServer,
  startRawServer,
  tableResolver,
  testPolicy,
  type LocalServer,
} from './local-servers';
import { safeFetch } from '../src/safe-fetch.client';
import { SafeFetchError } from '../src/safe-fetch.error';
import type { SafeFetchPolicy } from '../src/safe-fetch.policy';

const timeouts = (overrides: Partial<SafeFetchPolicy['timeouts']>) => ({
  connectMs: 1_000,
  headersMs: 1_000,
  idleMs: 1_000,
  totalMs: 5_000,
  ...overrides,
});

describe('safeFetch, allowed path (private networks allowed)', () => {
  const policy = testPolicy({ allowPrivateNetworks: true });
  let site: LocalServer;
  beforeAll(async () => {
    site = await startHttpServer((req, res) => {
      if (req.url === '/hop') return res.writeHead(302, { location: '/page?from=hop' }).end();
      if (req.url === '/gzip')
        return res
          .writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' })
          .end(zlib.gzipSync('decoded text'));
      if (req.url === '/latin1')
        return res
          .writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' })
          .end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
      if (req.url === '/stream') {
        res.writeHead(200);
        let sent = 0;
        const tick = setInterval(
          () => (++sent === 5 ? (clearInterval(tick), res.end('chunk')) : res.write('chunk')),
          10,
        );
        return;
      }
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<p>${req.method} ${req.url} host=${req.headers.host}</p>`);
    });
  });
  afterAll(() => site.close());

  it('fetches a local page and keeps the Host of the URL', async () => {
    const response = await safeFetch(`${site.url}/page`, { policy });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${site.url}/page`);
    expect(await response.text()).toBe(`<p>GET /page host=127.0.0.1:${site.port}</p>`);
  });

  it('follows a local redirect and reports the final URL', async () => {
    const response = await safeFetch(`${site.url}/hop`, { policy });
    expect(response.url).toBe(`${site.url}/page?from=hop`);
    expect(await response.text()).toContain('GET /page?from=hop');
  });

  it('streams a body chunk by chunk', async () => {
    const response = await safeFetch(`${site.url}/stream`, { policy });
    const chunks: string[] = [];
    for await (const chunk of response.body) chunks.push(String(chunk));
    expect(chunks.join('')).toBe('chunk'.repeat(5));
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('decodes gzip and drops the encoding headers, or leaves the bytes alone when asked', async () => {
    const decoded = await safeFetch(`${site.url}/gzip`, { policy });
    expect(await decoded.text()).toBe('decoded text');
    expect(decoded.headers['content-encoding']).toBeUndefined();
    const raw = await safeFetch(`${site.url}/gzip`, { policy, decompress: false });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(await raw.buffer()).toString()).toBe('decoded text');
  });

  it('decodes text with the charset the server declares', async () => {
    expect(await (await safeFetch(`${site.url}/latin1`, { policy })).text()).toBe('café');
  });

  it('answers HEAD with headers only', async () => {
    const response = await safeFetch(`${site.url}/page`, { policy, method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(await response.buffer()).toHaveLength(0);
  });

  it('holds each hop at the host gate until its answer ends, and lets it go once the body is read or cut off', async () => {
    const log: string[] = [];
    const hostGate = {
      enter: (host: string) => {
        log.push(`enter ${host}`);
        return Promise.resolve(() => void log.push('leave'));
      },
    };
    const gated = { ...policy, hostGate };
    const host = `127.0.0.1:${site.port}`;
    const hop = await safeFetch(`${site.url}/hop`, { policy: gated });
    // The redirect's hop left before the next one entered; the page is still in flight while its body is unread.
    expect(log).toEqual([`enter ${host}`, 'leave', `enter ${host}`]);
    await hop.text();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([`enter ${host}`, 'leave', `enter ${host}`, 'leave']);
    log.length = 0;
    const cut = await safeFetch(`${site.url}/stream`, { policy: gated });
    cut.body.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([`enter ${host}`, 'leave']);
  });

  it("rejects with the caller's abort reason", async () => {
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await expect(safeFetch(`${site.url}/page`, { policy, signal: controller.signal })).rejects.toThrow(
      'caller gave up',
    );
  });
});

describe('safeFetch redirects and rebinding (private networks refused)', () => {
  let publicSite: LocalServer;
  let internal: LocalServer;
  beforeAll(async () => {
    internal = await startHttpServer((_req, res) => res.end('internal secret'));
    publicSite = await startHttpServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://public.test');
      const to = url.searchParams.get('to');
      if (to) return res.writeHead(302, { location: to }).end();
      const hops = Number(url.searchParams.get('hops') ?? 0);
      if (hops > 0) return res.writeHead(301, { location: `/chain?hops=${hops - 1}` }).end();
      res.end(`public page, cookie=${req.headers.cookie ?? 'none'}`);
    });
  });
  afterAll(async () => {
    await publicSite.close();
    await internal.close();
  });
  afterEach(() => expect(internal.connections()).toBe(0));

  const policyFor = (table: Parameters<typeof tableResolver>[0] = {}) =>
    testPolicy({
      publicServer: publicSite,
      resolver: tableResolver({ 'public.test': [PUBLIC_IP], ...table }).resolver,
    });

  it('reaches a public host (through the dialer) on the default port', async () => {
    expect(await (await safeFetch('http://public.test/', { policy: policyFor() })).text()).toBe(
      'public page, cookie=none',
    );
  });

  it.each<[string, () => string, ErrorCode]>([
    ['loopback', () => `http://127.0.0.1:${internal.port}/`, ErrorCode.BlockedAddress],
    ['metadata', () => 'http://169.254.169.254/latest/meta-data/', ErrorCode.BlockedAddress],
    ['a name resolving to loopback', () => 'http://internal.test/', ErrorCode.BlockedAddress],
    ['file:', () => 'file:///etc/passwd', ErrorCode.UnsupportedScheme],
    ['gopher:', () => 'gopher://public.test:70/_x', ErrorCode.UnsupportedScheme],
    ['ftp:', () => 'ftp://public.test/', ErrorCode.UnsupportedScheme],
    ['credentials', () => 'http://admin:admin@public.test/', ErrorCode.CredentialsInUrl],
    ['another port', () => 'http://public.test:8080/', ErrorCode.BlockedPort],
  ])('refuses a redirect to %s', async (_label, location, code) => {
    const policy = policyFor({ 'internal.test': ['127.0.0.1'] });
    await expect(
      safeFetch(`http://public.test/?to=${encodeURIComponent(location())}`, { policy }),
    ).rejects.toMatchObject({ code });
  });

  it('follows 5 redirects and refuses the 6th', async () => {
    const policy = policyFor();
    expect((await safeFetch('http://public.test/chain?hops=5', { policy })).url).toBe(
      'http://public.test/chain?hops=0',
    );
    const error = await safeFetch('http://public.test/chain?hops=6', { policy }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect(error).toMatchObject({
      code: ErrorCode.TooManyRedirects,
      status: 502,
      message: 'The website redirected too many times.',
    });
  });

  it('drops cookies when a redirect changes origin', async () => {
    const policy = policyFor({ 'other.test': [PUBLIC_IP] });
    const response = await safeFetch(`http://public.test/?to=${encodeURIComponent('http://other.test/')}`, {
      policy,
      headers: { Cookie: 'session=1' },
    });
    expect(await response.text()).toBe('public page, cookie=none');
  });

  it('speaks TLS to the checked address with the URL host as SNI', async () => {
    const serverNames: string[] = [];
    // No certificate to offer: the handshake fails right after the server has read the client's SNI.
    const tlsServer = tls.createServer({
      SNICallback: (name, callback) => (serverNames.push(name), callback(new Error('no certificate'))),
    });
    tlsServer.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    const { port } = tlsServer.address() as { port: number };
    const policy = testPolicy({
      resolver: tableResolver({ 'secure.test': [PUBLIC_IP] }).resolver,
      dial: (checked, targetPort) =>
        checked.address === PUBLIC_IP && targetPort === 443
          ? { address: '127.0.0.1', port }
          : { address: checked.address, port: targetPort },
    });
    try {
      await expect(safeFetch('https://secure.test/', { policy })).rejects.toMatchObject({
        code: ErrorCode.UpstreamFailed,
      });
      expect(serverNames).toEqual(['secure.test']);
    } finally {
      await new Promise((resolve) => tlsServer.close(resolve));
    }
  });

  it('resolves a rebinding name once per hop and connects to the address it checked', async () => {
    const answers = [PUBLIC_IP, '127.0.0.1'];
    const { resolver, calls } = tableResolver({ 'rebind.test': () => [answers.shift() ?? '127.0.0.1'] });
    const policy = testPolicy({ publicServer: publicSite, resolver });
    expect(await (await safeFetch('http://rebind.test/', { policy })).text()).toBe('public page, cookie=none');
    expect(calls).toEqual(['rebind.test']);
  });

  it('re-checks the rebinding name on the next hop and refuses its private answer', async () => {
    const answers = [PUBLIC_IP, '127.0.0.1'];
    const { resolver, calls } = tableResolver({ 'rebind.test': () => [answers.shift() ?? '127.0.0.1'] });
    const policy = testPolicy({ publicServer: publicSite, resolver });
    await expect(safeFetch('http://rebind.test/?to=/again', { policy })).rejects.toMatchObject({
      code: ErrorCode.BlockedAddress,
    });
    expect(calls).toEqual(['rebind.test', 'rebind.test']);
  });
});

describe('safeFetch size and time limits', () => {
  const serve = closedAfterEachTest();

  it('cuts off an endless body without Content-Length at maxBytes and closes the connection', async () => {
    const endless = await serve(
      startHttpServer((_req, res) => {
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
        };
        res.on('drain', pump);
        pump();
      }),
    );
    // An endless body read on past maxBytes would never settle: the test's timeout, not a stopwatch, catches that.
    const response = await safeFetch(endless.url, {
      policy: testPolicy({ allowPrivateNetworks: true, maxBytes: 1024 * 1024 }),
    });
    expect(response.headers['content-length']).toBeUndefined();
    await expect(response.buffer()).rejects.toMatchObject({ code: ErrorCode.UpstreamTooLarge, status: 413 });
    await endless.socketsClosed();
  });

  it('refuses a declared Content-Length above maxBytes before reading the body', async () => {
    const big = await serve(
      startHttpServer((_req, res) => res.writeHead(200, { 'content-length': String(10 * 1024 ** 3) }).write('x')),
    );
    await expect(safeFetch(big.url, { policy: testPolicy({ allowPrivateNetworks: true }) })).rejects.toMatchObject({
      code: ErrorCode.UpstreamTooLarge,
    });
  });

  it('never reads past a Content-Length smaller than the body', async () => {
    const liar = await serve(
      startRawServer((socket) => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n');
        socket.write(Buffer.alloc(4 * 1024 * 1024, 0x61));
      }),
    );
    const response = await safeFetch(liar.url, { policy: testPolicy({ allowPrivateNetworks: true }) });
    expect((await response.buffer()).toString()).toBe('aaaaa');
  });

  it('stops a gzip bomb at maxDecompressedBytes', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024));
    const server = await serve(
      startHttpServer((_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb)),
    );
    const policy = testPolicy({
      allowPrivateNetworks: true,
      maxBytes: 1024 * 1024,
      maxDecompressedBytes: 2 * 1024 * 1024,
    });
    expect(bomb.length).toBeLessThan(policy.maxBytes);
    const response = await safeFetch(server.url, { policy });
    await expect(response.buffer()).rejects.toMatchObject({ code: ErrorCode.UpstreamTooLarge });
    // Compressing 16 MB and inflating 2 MB is CPU work: on a loaded machine it outlasts jest's 5 s.
  }, 20_000);

  it('stops a brotli bomb too', async () => {
    const bomb = zlib.brotliCompressSync(Buffer.alloc(16 * 1024 * 1024), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    });
    const server = await serve(
      startHttpServer((_req, res) => res.writeHead(200, { 'content-encoding': 'br' }).end(bomb)),
    );
    const response = await safeFetch(server.url, { policy: testPolicy({ allowPrivateNetworks: true }) });
    await expect(response.buffer()).rejects.toMatchObject({ code: ErrorCode.UpstreamTooLarge });
  }, 20_000);

  it('times out a server that sends one byte at a time, slower than the idle timeout', async () => {
    const drip = await serve(
      startHttpServer((_req, res) => {
        res.writeHead(200).write('x');
        const tick = setInterval(() => (res.destroyed ? clearInterval(tick) : res.write('x')), 400);
        res.once('close', () => clearInterval(tick));
      }),
    );
    const response = await safeFetch(drip.url, {
      policy: testPolicy({ allowPrivateNetworks: true, timeouts: timeouts({ idleMs: 150 }) }),
    });
    const error = await response.buffer().catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: ErrorCode.UpstreamTimeout,
      status: 504,
      message: 'The website took too long to answer.',
    });
    await drip.socketsClosed();
  });

  it('times out a drip that stays under the idle timeout once the total deadline passes', async () => {
    const drip = await serve(
      startHttpServer((_req, res) => {
        res.writeHead(200);
        const tick = setInterval(() => (res.destroyed ? clearInterval(tick) : res.write('x')), 30);
        res.once('close', () => clearInterval(tick));
      }),
    );
    // The drip never pauses 200 ms, so only the total deadline can end it: without one it drips on past the test's timeout.
    const response = await safeFetch(drip.url, {
      policy: testPolicy({ allowPrivateNetworks: true, timeouts: timeouts({ idleMs: 200, totalMs: 400 }) }),
    });
    await expect(response.buffer()).rejects.toMatchObject({ code: ErrorCode.UpstreamTimeout });
  });

  it('does not count a slow reader as an idle server', async () => {
    const server = await serve(startHttpServer((_req, res) => res.end(Buffer.alloc(512 * 1024, 1))));
    const response = await safeFetch(server.url, {
      policy: testPolicy({ allowPrivateNetworks: true, timeouts: timeouts({ idleMs: 100 }) }),
    });
    response.body.pause();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await response.buffer()).toHaveLength(512 * 1024);
  });

  it('does not count a slow reader against the total deadline either', async () => {
    const server = await serve(startHttpServer((_req, res) => res.end(Buffer.alloc(512 * 1024, 1))));
    const response = await safeFetch(server.url, {
      policy: testPolicy({ allowPrivateNetworks: true, timeouts: timeouts({ totalMs: 200 }) }),
    });
    response.body.pause();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await response.buffer()).toHaveLength(512 * 1024);
  });

  it('times out a server that accepts the connection but never sends headers', async () => {
    const mute = await serve(startRawServer(() => undefined));
    // The idle and total deadlines lie past the test's timeout: only the headers timeout can end this in time.
    const slowOthers = { idleMs: 60_000, totalMs: 60_000 };
    await expect(
      safeFetch(mute.url, {
        policy: testPolicy({ allowPrivateNetworks: true, timeouts: timeouts({ headersMs: 200, ...slowOthers }) }),
      }),
    ).rejects.toMatchObject({ code: ErrorCode.UpstreamTimeout });
    expect(mute.hits).toEqual(['connection']);
  });

  it('reports a refused connection as an upstream failure without leaking the socket error', async () => {
    const gone = await startHttpServer(() => undefined);
    await gone.close();
    const error = await safeFetch(gone.url, { policy: testPolicy({ allowPrivateNetworks: true }) }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({
      code: ErrorCode.UpstreamFailed,
      status: 502,
      message: 'The website could not be reached.',
    });
    expect((error as Error).message).not.toContain('ECONNREFUSED');
  });

  it('closes the upstream socket when the caller destroys the body', async () => {
    const endless = await serve(
      startHttpServer((_req, res) => {
        res.writeHead(200);
        const tick = setInterval(() => (res.destroyed ? clearInterval(tick) : res.write('x')), 10);
        res.once('close', () => clearInterval(tick));
      }),
    );
    const response = await safeFetch(endless.url, { policy: testPolicy({ allowPrivateNetworks: true }) });
    response.body.destroy();
    await endless.socketsClosed();
  });
});

describe('safeFetch kept-alive connections', () => {
  const serve = closedAfterEachTest();
  const hello = () => startHttpServer((_req, res) => res.end('hello'));

  it('sends the next fetch to the same checked address over the same connection', async () => {
    const site = await serve(hello());
    const policy = testPolicy({ allowPrivateNetworks: true });
    expect(await (await safeFetch(`${site.url}/a`, { policy })).text()).toBe('hello');
    expect(await (await safeFetch(`${site.url}/b`, { policy })).text()).toBe('hello');
    expect(site.hits).toEqual(['/a', '/b']);
    expect(site.connections()).toBe(1);
  });

  // (Each answer is dialled at its own local port here, so this shows the fresh lookup, not the pool's keying.)
  it('resolves the name again for the next fetch and goes to its new address', async () => {
    const first = await serve(hello());
    const second = await serve(hello());
    const answers = [PUBLIC_IP, '93.184.215.15'];
    const policy = testPolicy({
      resolver: tableResolver({ 'moved.test': () => [answers.shift() ?? PUBLIC_IP] }).resolver,
      dial: (checked) => ({ address: '127.0.0.1', port: checked.address === PUBLIC_IP ? first.port : second.port }),
    });
    await (await safeFetch('http://moved.test/1', { policy })).text();
    await (await safeFetch('http://moved.test/2', { policy })).text();
    expect(first.hits).toEqual(['/1']);
    expect(second.hits).toEqual(['/2']);
  });

  it("checks every fetch again: a rebinding name's private answer is refused although its public address has a kept connection", async () => {
    const site = await serve(hello());
    const internal = await serve(startHttpServer((_req, res) => res.end('internal secret')));
    const answers = [PUBLIC_IP, '127.0.0.1'];
    // The private answer would be dialled at the internal server: had the check been skipped, it would see a connection.
    const policy = testPolicy({
      resolver: tableResolver({ 'rebind.test': () => [answers.shift() ?? '127.0.0.1'] }).resolver,
      dial: (checked) => ({ address: '127.0.0.1', port: checked.address === PUBLIC_IP ? site.port : internal.port }),
    });
    expect(await (await safeFetch('http://rebind.test/', { policy })).text()).toBe('hello');
    await expect(safeFetch('http://rebind.test/', { policy })).rejects.toMatchObject({
      code: ErrorCode.BlockedAddress,
    });
    expect(internal.connections()).toBe(0);
    expect(site.hits).toEqual(['/']);
  });

  it('retries once on a fresh connection when the server closed the kept one as it was reused', async () => {
    let accepted = 0;
    const server = await serve(
      startRawServer((socket) => {
        const connection = ++accepted;
        let requests = 0;
        socket.on('data', () => {
          // The first connection answers once, then resets on the next request, as a server whose keep-alive just ran out.
          if (connection === 1 && ++requests > 1) return socket.resetAndDestroy();
          socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok`);
        });
      }),
    );
    const policy = testPolicy({ allowPrivateNetworks: true });
    expect(await (await safeFetch(server.url, { policy })).text()).toBe('ok');
    expect(await (await safeFetch(server.url, { policy })).text()).toBe('ok');
    expect(server.connections()).toBe(2);
  });
});
