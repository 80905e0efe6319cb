import ipaddr from 'ipaddr.js';
import { ErrorCode } from '@pixtract/contracts';
import { isBlockedAddress } from './blocked-address.util';
import { SafeFetchError } from './safe-fetch.error';
import type { ResolvedAddress, SafeFetchPolicy } from './safe-fetch.policy';

const WEB_PORTS = new Set(['', '80', '443']);
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/** `[::1]` → `::1`; WHATWG URL has already rewritten every IPv4 notation (0x7f000001, 0177.0.0.1, 127.1) to a dotted quad. */
export function literalAddress(url: URL): ResolvedAddress | undefined {
  const host = url.hostname;
  if (host.startsWith('[')) return { address: host.slice(1, -1), family: 6 };
  return ipaddr.IPv4.isValidFourPartDecimal(host) ? { address: host, family: 4 } : undefined;
}

/**
 * `localhost`, `localhost.` and `*.localhost` name the local host by definition (RFC 6761), whatever DNS says, so
 * they are refused without resolving. With private networks allowed they resolve like any name (development).
 */
function isRefusedLocalName(url: URL, policy: SafeFetchPolicy): boolean {
  if (policy.allowPrivateNetworks || literalAddress(url)) return false;
  const name = url.hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Everything that can be decided from the URL alone: http/https, no credentials, no literal or localhost address
 * outside the policy, and the port. Ports: only 80 and 443 unless private networks are allowed — the catalogue
 * promises "only ports 80 and 443 of public hosts"; with private networks allowed (development, tests) any port
 * is fine. The address check never depends on the port.
 */
export function checkUrlSyntax(url: string | URL, policy: SafeFetchPolicy): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new SafeFetchError(ErrorCode.InvalidUrl, { cause });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new SafeFetchError(ErrorCode.UnsupportedScheme);
  if (parsed.username || parsed.password) throw new SafeFetchError(ErrorCode.CredentialsInUrl);
  const literal = literalAddress(parsed);
  if (
    isRefusedLocalName(parsed, policy) ||
    (literal && isBlockedAddress(literal.address, policy.allowPrivateNetworks))
  ) {
    throw new SafeFetchError(ErrorCode.BlockedAddress);
  }
  if (!policy.allowPrivateNetworks && !WEB_PORTS.has(parsed.port)) throw new SafeFetchError(ErrorCode.BlockedPort);
  return parsed;
}

async function resolveName(hostname: string, policy: SafeFetchPolicy): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SafeFetchError(ErrorCode.UpstreamTimeout)), policy.timeouts.connectMs);
  });
  try {
    return await Promise.race([policy.resolver(hostname), timeout]);
  } catch (cause) {
    if (cause instanceof SafeFetchError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    throw new SafeFetchError(code && !NOT_FOUND_CODES.has(code) ? ErrorCode.UpstreamFailed : ErrorCode.HostNotFound, {
      cause,
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Resolves the host once and checks every record: one private answer among public ones refuses the whole name,
 * so a resolver cannot smuggle an internal address in behind a public one. The caller connects to the returned
 * address and never resolves the name again, which is what defeats DNS rebinding.
 */
export async function resolveAndCheck(url: URL, policy: SafeFetchPolicy): Promise<ResolvedAddress> {
  if (isRefusedLocalName(url, policy)) throw new SafeFetchError(ErrorCode.BlockedAddress);
  const literal = literalAddress(url);
  const records = literal ? [literal] : await resolveName(url.hostname, policy);
  if (records.length === 0) throw new SafeFetchError(ErrorCode.HostNotFound);
  if (records.some((record) => isBlockedAddress(record.address, policy.allowPrivateNetworks))) {
    throw new SafeFetchError(ErrorCode.BlockedAddress);
  }
  return records[0];
}

/** The whole check of a user's URL before anything is queued or rendered for it: syntax, then every address. */
export async function checkUrl(url: string | URL, policy: SafeFetchPolicy): Promise<URL> {
  const checked = checkUrlSyntax(url, policy);
  await resolveAndCheck(checked, policy);
  return checked;
}
