import { getDomain } from 'tldts';

/**
 * The site an address belongs to: its registrable domain by the public suffix list (`shop.example.co.uk` →
 * `example.co.uk`), or the host itself where there is none (an IP address, `localhost`).
 */
export function siteOf(url: string): string {
  const { hostname } = new URL(url);
  return getDomain(hostname, { allowPrivateDomains: true }) ?? hostname;
}

export const sameSite = (a: string, b: string): boolean => siteOf(a) === siteOf(b);
