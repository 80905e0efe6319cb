import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { ErrorCode } from '@pixtract/contracts';
import { armConnectionTimers, dialTarget, upstreamRequestOptions } from './connection.util';
import { SafeFetchError, toSafeFetchError } from './safe-fetch.error';
import type { ResolvedAddress, SafeFetchPolicy } from './safe-fetch.policy';
import { checkUrlSyntax, resolveAndCheck } from './url-check.util';

export interface GuardProxy {
  /** http://127.0.0.1:PORT, for Chromium's --proxy-server. */
  url: string;
  close(): Promise<void>;
}

export interface GuardProxyEvent {
  host: string;
  allowed: boolean;
  reason?: string;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const listed = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !listed.has(name)));
}

/** Policy refusals (and names that do not resolve) are 403 for the browser; timeouts and upstream failures keep theirs. */
function answerFor(error: unknown): { status: number; message: string } {
  const failure = toSafeFetchError(error);
  return { status: failure.status < 500 ? 403 : failure.status, message: failure.message };
}

function rawAnswer(status: number, message: string): string {
  const length = Buffer.byteLength(message);
  return `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n${message}`;
}

function hostnameOf(raw: string): string {
  try {
    return new URL(raw).hostname;
  } catch {
    return raw;
  }
}

/** A plain proxied request carries an absolute http: URL; https travels through CONNECT. */
function forwardTarget(raw: string, policy: SafeFetchPolicy): URL {
  const url = checkUrlSyntax(raw, policy);
  if (url.protocol !== 'http:') throw new SafeFetchError(ErrorCode.UnsupportedScheme);
  return url;
}

/** CONNECT names exactly host:port, judged as an https URL: port 443 is the default and 80 (ws://) is allowed. */
function tunnelTarget(raw: string, policy: SafeFetchPolicy): URL {
  const url = checkUrlSyntax(raw, policy);
  if (url.pathname !== '/' || url.search || url.hash) throw new SafeFetchError(ErrorCode.InvalidUrl);
  return url;
}

/**
 * An HTTP forward proxy for Chromium (`--proxy-server=<url> --proxy-bypass-list=<-loopback>`): every request of a
 * page, loopback included, is admitted by the same checks as safeFetch and then sent to the checked IP, so a page
 * can neither reach internal addresses nor rebind a name between check and connect. Refusals answer 403.
 */
export async function startGuardProxy(
  policy: SafeFetchPolicy,
  log: (event: GuardProxyEvent) => void = () => undefined,
): Promise<GuardProxy> {
  // Pooled upstream sockets are keyed by the IP they were opened to, and every IP in the pool passed the check.
  const agent = new http.Agent({ keepAlive: true });
  const tunnels = new Set<Duplex>();

  async function admit(
    raw: string,
    toUrl: (raw: string, policy: SafeFetchPolicy) => URL,
  ): Promise<{ url: URL; checked: ResolvedAddress }> {
    const host = hostnameOf(raw);
    try {
      const url = toUrl(raw, policy);
      const checked = await resolveAndCheck(url, policy);
      log({ host, allowed: true });
      return { url, checked };
    } catch (error) {
      log({ host, allowed: false, reason: toSafeFetchError(error).code });
      throw error;
    }
  }

  function answerError(res: ServerResponse, error: unknown): void {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const { status, message } = answerFor(error);
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
  }

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let admitted: { url: URL; checked: ResolvedAddress };
    try {
      admitted = await admit(req.url ?? '', forwardTarget);
    } catch (error) {
      answerError(res, error);
      return;
    }
    const { url, checked } = admitted;
    const upstream = http.request({
      ...upstreamRequestOptions(url, checked, policy),
      method: req.method,
      headers: { ...endToEndHeaders(req.headers), host: url.host },
      agent,
    });
    armConnectionTimers(upstream, policy.timeouts);
    upstream.setTimeout(policy.timeouts.idleMs, () => upstream.destroy(new SafeFetchError(ErrorCode.UpstreamTimeout)));
    upstream.on('error', (error) => answerError(res, error));
    upstream.once('response', (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, endToEndHeaders(upstreamRes.headers));
      upstreamRes.on('error', () => res.destroy());
      upstreamRes.pipe(res);
    });
    res.once('close', () => res.writableFinished || upstream.destroy());
    req.pipe(upstream);
  }

  async function tunnel(req: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    tunnels.add(client);
    client.once('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    let admitted: { url: URL; checked: ResolvedAddress };
    try {
      admitted = await admit(`https://${req.url ?? ''}`, tunnelTarget);
    } catch (error) {
      const { status, message } = answerFor(error);
      client.end(rawAnswer(status, message));
      return;
    }
    const target = dialTarget(admitted.checked, Number(admitted.url.port) || 443, policy);
    const upstream = net.connect({ host: target.address, port: target.port });
    let established = false;
    // Socket inactivity: connectMs until the connection is up, idleMs from then on.
    upstream.setTimeout(policy.timeouts.connectMs);
    upstream.on('timeout', () => upstream.destroy(new SafeFetchError(ErrorCode.UpstreamTimeout)));
    upstream.once('connect', () => {
      established = true;
      upstream.setTimeout(policy.timeouts.idleMs);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', (error) => {
      if (established) return client.destroy();
      const { status, message } = answerFor(error);
      client.end(rawAnswer(status, message));
    });
    upstream.once('close', () => established && client.destroy());
    client.once('close', () => upstream.destroy());
  }

  const server = http.createServer((req, res) => void forward(req, res));
  server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => void tunnel(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
        agent.destroy();
      }),
  };
}
