import ipaddr from 'ipaddr.js';

/** Ranges a development machine may reach when private networks are allowed. Link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT (100.100.100.200 is a metadata endpoint too), unspecified (0.0.0.0 reaches
 * the local host on Linux) and every other special range stay refused even then. */
const PRIVATE_NETWORK_RANGES = new Set<string>(['loopback', 'private', 'uniqueLocal']);

/**
 * True unless `ip` is an ordinary public unicast address (ipaddr.js range 'unicast'). An IPv4-mapped IPv6 address
 * is judged by the IPv4 inside it. Translation and tunnel forms (NAT64 64:ff9b::/96 and its local-use /48, SIIT,
 * 6to4, Teredo) are refused outright: their far end is another network's decision we cannot verify.
 * Anything that is not an IP address at all is refused too.
 */
export function isBlockedAddress(ip: string, allowPrivateNetworks = false): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip);
  } catch {
    return true;
  }
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  const range: string = address.range();
  if (range === 'unicast') return false;
  return !(allowPrivateNetworks && PRIVATE_NETWORK_RANGES.has(range));
}
