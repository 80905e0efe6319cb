import ipaddr from 'ipaddr.js';

/**
 * The network a client address stands for, as counters key it: an IPv4 address (an IPv4-mapped IPv6 address read
 * as IPv4), or the /64 of an IPv6 address — a home or a phone is given a whole /64 and may pick any address in
 * it, so counting single addresses would give a fresh allowance per request.
 */
export function clientNetworkOf(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
