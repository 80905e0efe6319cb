import http from 'node:http';
import net from 'node:net';
import { ErrorCode } from '@pixtract/contracts';
import {
  PUBLIC_IP,
  startHttpServer,
  startRawServer,
  tableResolver,
  testPolicy,
  type LocalServer,
} from './local-servers';
import { startGuardProxy, type GuardProxy, type GuardProxyEvent } from '../src/guard-proxy.server';
import type { SafeFetchPolicy } from '../src/safe-fetch.policy';

/** A plain HTTP request sent to the proxy with an absolute URL, as a browser configured with a proxy does. */
function viaProxy(proxy: GuardProxy, url: string, agent?: http.Agent): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: url, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject).end();
  });
}

/** Opens a CONNECT tunnel; resolves with the proxy's status line and, when it is 200, the tunnelled socket. */
function connectVia(
  proxy: GuardProxy,
  authority: string,
): Promise<{ statusLine: string; socket: net.Socket; rest: string }> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`),
    );
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      resolve({ statusLine: received.slice(0, received.indexOf('\r\n')), socket, rest: received.slice(end + 4) });
    };
    socket.on('data', onData).on('error', reject);
  });
}

describe('startGuardProxy', () => {
  let page: LocalServer;
  let internal: LocalServer;
  let echo: LocalServer;
  let proxy: GuardProxy;
  const events: GuardProxyEvent[] = [];
  let policy: SafeFetchPolicy;

  beforeAll(async () => {
    page = await startHttpServer((req, res) => res.end(`page ${req.url} host=${req.headers.host}`));
    internal = await startHttpServer((_req, res) => res.end('internal secret'));
    echo = await startRawServer((socket) => socket.pipe(socket));
    const answers = [PUBLIC_IP, '127.0.0.1'];
    policy = testPolicy({
      resolver: tableResolver({
        'page.test': [PUBLIC_IP],
        'internal.test': ['127.0.0.1'],
        'rebind.test': () => [answers.shift() ?? '127.0.0.1'],
      }).resolver,
      // Plain requests to PUBLIC_IP reach the page server, tunnels to PUBLIC_IP:443 the echo server.
      dial: (checked, port) =>
        checked.address === PUBLIC_IP
          ? { address: '127.0.0.1', port: port === 443 ? echo.port : page.port }
          : { address: checked.address, port },
    });
    proxy = await startGuardProxy(policy, (event) => events.push(event));
  });
  afterAll(async () => {
    await proxy.close();
    await Promise.all([page.close(), internal.close(), echo.close()]);
  });
  afterEach(() => {
    expect(internal.connections()).toBe(0);
    events.length = 0;
  });

  it('forwards an allowed request to the checked address and keeps its Host', async () => {
    expect(await viaProxy(proxy, 'http://page.test/index.html?x=1')).toEqual({
      status: 200,
      body: 'page /index.html?x=1 host=page.test',
    });
    expect(events).toEqual([{ host: 'page.test', allowed: true }]);
  });

  it.each([
    () => `http://127.0.0.1:${internal.port}/`,
    () => 'http://169.254.169.254/latest/meta-data/',
    () => 'http://[::ffff:a9fe:a9fe]/',
    () => 'http://internal.test/',
    () => 'http://localhost/',
  ])('answers 403 for the blocked target %#', async (target) => {
    const answer = await viaProxy(proxy, target());
    expect(answer.status).toBe(403);
    expect(answer.body).toBe('This address points to a private or local network and cannot be fetched.');
    expect(events).toEqual([expect.objectContaining({ allowed: false, reason: ErrorCode.BlockedAddress })]);
  });

  it('answers 403 for a request that is not an absolute http URL', async () => {
    expect((await viaProxy(proxy, '/relative')).status).toBe(403);
  });

  it('serves several requests over one kept-alive client connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<net.Socket>();
    agent.on('free', (socket: net.Socket) => sockets.add(socket));
    expect((await viaProxy(proxy, 'http://page.test/a', agent)).status).toBe(200);
    expect((await viaProxy(proxy, `http://127.0.0.1:${internal.port}/`, agent)).status).toBe(403);
    expect((await viaProxy(proxy, 'http://page.test/b', agent)).body).toBe('page /b host=page.test');
    expect(sockets.size).toBe(1);
    agent.destroy();
  });

  it('lets a rebinding name through once, for its public answer only', async () => {
    expect((await viaProxy(proxy, 'http://rebind.test/first')).body).toBe('page /first host=rebind.test');
    expect((await viaProxy(proxy, 'http://rebind.test/second')).status).toBe(403);
  });

  it('tunnels CONNECT to an allowed host', async () => {
    const { statusLine, socket } = await connectVia(proxy, 'page.test:443');
    expect(statusLine).toBe('HTTP/1.1 200 Connection Established');
    socket.write('ping');
    const [echoed] = (await Promise.race([
      new Promise((resolve) => socket.once('data', (chunk: Buffer) => resolve([chunk.toString()]))),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no echo')), 1_000)),
    ])) as [string];
    expect(echoed).toBe('ping');
    socket.destroy();
  });

  it.each([
    () => `127.0.0.1:${internal.port}`,
    () => '169.254.169.254:443',
    () => '[::1]:443',
    () => 'internal.test:443',
    () => 'page.test:22',
    () => `attacker@127.0.0.1:443`,
  ])('refuses the CONNECT target %# with 403', async (authority) => {
    const { statusLine, socket, rest } = await connectVia(proxy, authority());
    expect(statusLine).toBe('HTTP/1.1 403 Forbidden');
    expect(rest.length).toBeGreaterThan(0);
    expect(events).toEqual([expect.objectContaining({ allowed: false })]);
    socket.destroy();
  });
});

describe('startGuardProxy with private networks allowed', () => {
  it('reaches loopback but still refuses the metadata address', async () => {
    const local = await startHttpServer((_req, res) => res.end('dev page'));
    const proxy = await startGuardProxy(testPolicy({ allowPrivateNetworks: true }));
    try {
      expect(await viaProxy(proxy, `${local.url}/`)).toEqual({ status: 200, body: 'dev page' });
      expect((await viaProxy(proxy, 'http://169.254.169.254/')).status).toBe(403);
      expect((await connectVia(proxy, '169.254.169.254:80')).statusLine).toBe('HTTP/1.1 403 Forbidden');
    } finally {
      await proxy.close();
      await local.close();
    }
  });
});
