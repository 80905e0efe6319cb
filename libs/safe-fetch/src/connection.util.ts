import type { ClientRequest, RequestOptions } from 'node:http';
import { ErrorCode } from '@pixtract/contracts';
import { SafeFetchError } from './safe-fetch.error';
import type { ResolvedAddress, SafeFetchPolicy } from './safe-fetch.policy';
import { literalAddress } from './url-check.util';

/** Where the socket goes: the checked address itself, unless a test dialer redirects it to a local server. */
export function dialTarget(
  checked: ResolvedAddress,
  port: number,
  policy: SafeFetchPolicy,
): { address: string; port: number } {
  return policy.dial ? policy.dial(checked, port) : { address: checked.address, port };
}

/**
 * Request options that open the socket to the checked IP, never to the name: nothing resolves the name a second
 * time, so a rebinding DNS answer cannot redirect the connection. The TLS name (SNI and certificate check) and
 * the Host header stay the URL's host.
 */
export function upstreamRequestOptions(
  url: URL,
  checked: ResolvedAddress,
  policy: SafeFetchPolicy,
): RequestOptions & { servername?: string } {
  const target = dialTarget(checked, Number(url.port) || (url.protocol === 'https:' ? 443 : 80), policy);
  const hostIsName = !literalAddress(url);
  return {
    host: target.address,
    port: target.port,
    path: `${url.pathname}${url.search}`,
    ...(hostIsName && { servername: url.hostname }),
  };
}

/** Connect timeout until the socket is up, then the headers timeout until the response starts. */
export function armConnectionTimers(req: ClientRequest, timeouts: SafeFetchPolicy['timeouts']): void {
  const fail = () => req.destroy(new SafeFetchError(ErrorCode.UpstreamTimeout));
  let timer = setTimeout(fail, timeouts.connectMs);
  const awaitHeaders = () => {
    clearTimeout(timer);
    timer = setTimeout(fail, timeouts.headersMs);
  };
  req.once('socket', (socket) => (socket.connecting ? socket.once('connect', awaitHeaders) : awaitHeaders()));
  req.once('response', () => clearTimeout(timer));
  req.once('close', () => clearTimeout(timer));
}
