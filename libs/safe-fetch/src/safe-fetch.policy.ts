import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * Test seam: where a checked address is actually dialled. Production never sets it, so the socket goes to the
 * address that passed the check. Tests use it to send a "public" answer to a server on 127.0.0.1 without
 * touching the internet; the check still runs on the resolver's answer first.
 */
/**
 * Admits a request to a host, holding it until the host has room (a crawl's politeness: at most so many requests in
 * flight to one host, counted across every worker). The answer lets the host's slot go; called once.
 */
export interface HostGate {
  enter(host: string, signal?: AbortSignal): Promise<() => void>;
}

export type Dialer = (checked: ResolvedAddress, port: number) => { address: string; port: number };

export interface SafeFetchPolicy {
  /** PIXTRACT_ALLOW_PRIVATE_NETWORKS=1: loopback and private ranges become reachable (local development, tests). */
  allowPrivateNetworks: boolean;
  resolver: Resolver;
  maxRedirects: number;
  timeouts: {
    /** Bounds DNS resolution, and separately the TCP connection. */
    connectMs: number;
    /** From the connection being up (or reused) to the response headers. */
    headersMs: number;
    /** Longest silence between two body chunks while we are reading. */
    idleMs: number;
    /** The whole exchange: every redirect hop and the body until it ends. */
    totalMs: number;
  };
  /** Body bytes as received, before content decoding. */
  maxBytes: number;
  /** Body bytes after gzip/deflate/br decoding. */
  maxDecompressedBytes: number;
  dial?: Dialer;
  /** Sent as User-Agent on every request made under this policy, unless the caller names one (a crawl's identity). */
  userAgent?: string;
  /** Every hop of every request waits here for its host (a crawl's); none: requests go out at once. */
  hostGate?: HostGate;
}

const systemResolver: Resolver = async (hostname) => {
  const records = await lookup(hostname, { all: true, verbatim: true });
  return records.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

const MIB = 1024 * 1024;

/** The production policy: private networks refused unless `allowPrivateNetworks`; services size it from their config. */
export function safeFetchPolicy(overrides: Partial<SafeFetchPolicy> = {}): SafeFetchPolicy {
  return {
    allowPrivateNetworks: false,
    resolver: systemResolver,
    maxRedirects: 5,
    timeouts: { connectMs: 5_000, headersMs: 10_000, idleMs: 10_000, totalMs: 30_000 },
    maxBytes: 25 * MIB,
    maxDecompressedBytes: 50 * MIB,
    // An override spelled `{ resolver: undefined }` keeps the default rather than erasing it.
    ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
  };
}
