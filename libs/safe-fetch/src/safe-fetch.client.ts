import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { ErrorCode } from '@pixtract/contracts';
import { armConnectionTimers, upstreamRequestOptions } from './connection.util';
import { ExchangeDeadline } from './exchange-deadline';
import { createResponseBody, decoderFor } from './response-body.stream';
import { SafeFetchError, toSafeFetchError } from './safe-fetch.error';
import type { ResolvedAddress, SafeFetchPolicy } from './safe-fetch.policy';
import { checkUrlSyntax, resolveAndCheck } from './url-check.util';

interface SafeFetchOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  signal?: AbortSignal;
  policy: SafeFetchPolicy;
  /** Default true: gzip/deflate/br bodies are decoded and Content-Encoding/Content-Length dropped from `headers`. */
  decompress?: boolean;
}

interface SafeResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** Caps and the idle timeout are enforced while streaming; destroy() aborts the socket. */
  body: Readable;
  buffer(): Promise<Buffer>;
  text(): Promise<string>;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Never carried to another origin by a redirect. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Kept-alive connections, one pool per protocol. The agent keys a socket by the address it dialled, and every
 * hop dials the address its own check just passed, so a reused socket never reaches an address this request
 * did not check (a name that now resolves elsewhere gets a socket of its own). Idle sockets close after 4 s,
 * before the usual server keep-alive of 5 s.
 */
const POOLS = {
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000, maxFreeSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000, maxFreeSockets: 64 }),
};

/** The server closed a kept-alive socket just as we reused it: nothing reached it, so a fresh socket may retry. */
function closedWhileIdle(req: http.ClientRequest, error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return req.reusedSocket && (code === 'ECONNRESET' || code === 'EPIPE');
}

function send(
  url: URL,
  checked: ResolvedAddress,
  method: string,
  headers: Record<string, string>,
  policy: SafeFetchPolicy,
  signal: AbortSignal,
  pooled = true,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const pool = POOLS[url.protocol as keyof typeof POOLS];
    const req = (url.protocol === 'https:' ? https : http).request({
      ...upstreamRequestOptions(url, checked, policy),
      method,
      headers: { ...headers, host: url.host },
      agent: pooled ? pool : false,
    });
    armConnectionTimers(req, policy.timeouts);
    const abort = () => req.destroy(signal.reason as Error);
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    // Stays attached after the response: a socket error mid-body is reported on the body, not as a crash here.
    let answered = false;
    req.on('error', (error) => {
      if (!answered && !signal.aborted && closedWhileIdle(req, error))
        resolve(send(url, checked, method, headers, policy, signal, false));
      else reject(error);
    });
    req.once('response', (res) => {
      answered = true;
      resolve(res);
    });
    req.once('close', () => signal.removeEventListener('abort', abort));
    req.end();
  });
}

function redirectTarget(location: string, base: URL, policy: SafeFetchPolicy): URL {
  let next: URL;
  try {
    next = new URL(location, base);
  } catch (cause) {
    throw new SafeFetchError(ErrorCode.UpstreamFailed, { cause });
  }
  return checkUrlSyntax(next, policy);
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name)));
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function decodeText(bytes: Buffer, contentType: string | undefined): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function respond(url: URL, res: IncomingMessage, options: SafeFetchOptions, exchange: ExchangeDeadline): SafeResponse {
  const { policy } = options;
  const isHead = options.method === 'HEAD';
  if (!isHead && Number(res.headers['content-length']) > policy.maxBytes) {
    res.destroy();
    throw new SafeFetchError(ErrorCode.UpstreamTooLarge);
  }
  const decoder = options.decompress === false ? undefined : decoderFor(res.headers['content-encoding']);
  const headers = { ...res.headers };
  if (decoder) {
    delete headers['content-encoding'];
    delete headers['content-length'];
  }
  const body = createResponseBody(res, decoder, policy, exchange);
  // A HEAD answer has no body to wait for: let it end now so the exchange's timers are released.
  if (isHead) body.resume();
  return {
    url: url.href,
    status: res.statusCode ?? 0,
    headers,
    body,
    buffer: () => readAll(body),
    text: async () => decodeText(await readAll(body), headers['content-type']),
  };
}

/**
 * GET or HEAD a user-supplied URL: every hop (at most policy.maxRedirects redirects) is checked for scheme,
 * credentials, port and every resolved address, then connected to the address that passed. Throws SafeFetchError
 * (or the caller's abort reason); failures while streaming arrive as the body's 'error'.
 */
export async function safeFetch(url: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const { policy } = options;
  const exchange = new ExchangeDeadline(policy.timeouts.totalMs, options.signal);
  try {
    let target = checkUrlSyntax(url, policy);
    const callerHeaders = Object.entries(options.headers ?? {}).map(([name, value]): [string, string] => [
      name.toLowerCase(),
      value,
    ]);
    let headers: Record<string, string> = {
      ...(options.decompress !== false && { 'accept-encoding': 'gzip, deflate, br' }),
      ...(policy.userAgent && { 'user-agent': policy.userAgent }),
      ...Object.fromEntries(callerHeaders),
    };
    for (let redirects = 0; ; redirects++) {
      const checked = await untilAborted(resolveAndCheck(target, policy), exchange.signal);
      const leave = policy.hostGate ? await policy.hostGate.enter(target.host, exchange.signal) : () => undefined;
      let res: IncomingMessage;
      try {
        res = await send(target, checked, options.method ?? 'GET', headers, policy, exchange.signal);
      } catch (error) {
        leave();
        throw error;
      }
      const location = REDIRECT_STATUSES.has(res.statusCode ?? 0) ? res.headers.location : undefined;
      if (location === undefined) {
        let response: SafeResponse;
        try {
          response = respond(target, res, options, exchange);
        } catch (error) {
          leave();
          throw error;
        }
        // The request is in flight until its body is read, refused or cut off (the exchange's deadline included).
        response.body.once('close', () => {
          leave();
          exchange.dispose();
        });
        return response;
      }
      res.destroy();
      leave();
      if (redirects >= policy.maxRedirects) throw new SafeFetchError(ErrorCode.TooManyRedirects);
      const next = redirectTarget(location, target, policy);
      if (next.origin !== target.origin) headers = withoutCredentials(headers);
      target = next;
    }
  } catch (error) {
    exchange.dispose();
    throw options.signal?.aborted ? options.signal.reason : toSafeFetchError(error);
  }
}
