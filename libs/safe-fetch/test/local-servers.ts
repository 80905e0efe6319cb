import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { safeFetchPolicy, type ResolvedAddress, type SafeFetchPolicy } from '../src';

/** A public unicast address that tests never actually dial: the policy's dialer sends it to a local server. */
export const PUBLIC_IP = '93.184.215.14';

export interface LocalServer {
  port: number;
  url: string;
  /** Request paths (http servers) or connections (raw servers) seen so far. */
  hits: string[];
  /** TCP connections accepted so far, whether or not a request followed. */
  connections(): number;
  /** Resolves once every socket the server accepted so far has closed. */
  socketsClosed(): Promise<void>;
  close(): Promise<void>;
}

function track(server: net.Server, hits: string[]): Promise<LocalServer> {
  const sockets = new Set<net.Socket>();
  const closed: Promise<void>[] = [];
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
    socket.once('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        hits,
        connections: () => closed.length,
        socketsClosed: async () => void (await Promise.all(closed)),
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

export function startHttpServer(handler: http.RequestListener): Promise<LocalServer> {
  const hits: string[] = [];
  return track(
    http.createServer((req, res) => {
      hits.push(req.url ?? '');
      handler(req, res);
    }),
    hits,
  );
}

/** For answers no well-behaved HTTP server would give (lying Content-Length, no headers at all). */
export function startRawServer(onConnection: (socket: net.Socket) => void): Promise<LocalServer> {
  const hits: string[] = [];
  return track(
    net.createServer((socket) => {
      hits.push('connection');
      socket.on('error', () => undefined);
      onConnection(socket);
    }),
    hits,
  );
}

/** For a describe block: `serve(start…)` keeps the server for the running test and closes it after. */
export function closedAfterEachTest(): (start: Promise<LocalServer>) => Promise<LocalServer> {
  const servers: LocalServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (start) => {
    const server = await start;
    servers.push(server);
    return server;
  };
}

type Answer = string[] | (() => string[]);

/** A resolver from a table (a function answer can change between calls, as a rebinding DNS server does). */
export function tableResolver(table: Record<string, Answer>) {
  const calls: string[] = [];
  const resolver = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const answer = table[hostname];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return (typeof answer === 'function' ? answer() : answer).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
  return { resolver, calls };
}

/** Private networks refused (production default), small timeouts, and PUBLIC_IP dialled to `publicServer`. */
export function testPolicy(overrides: Partial<SafeFetchPolicy> & { publicServer?: LocalServer } = {}): SafeFetchPolicy {
  const { publicServer, ...rest } = overrides;
  return safeFetchPolicy({
    timeouts: { connectMs: 1_000, headersMs: 1_000, idleMs: 1_000, totalMs: 5_000 },
    maxBytes: 1024 * 1024,
    maxDecompressedBytes: 2 * 1024 * 1024,
    dial: (checked, port) =>
      publicServer && checked.address === PUBLIC_IP
        ? { address: '127.0.0.1', port: publicServer.port }
        : { address: checked.address, port },
    ...rest,
  });
}
