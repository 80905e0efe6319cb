import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** The shapes of safe-fetch's resolver and dialer seams (libs/safe-fetch/src/safe-fetch.policy.ts). */
interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
type Dialer = (checked: ResolvedAddress, port: number) => { address: string; port: number };

/** A web site a service reaches under a public-looking name; really a server on 127.0.0.1. */
export interface Site {
  /** `http://<name>` — port 80 of a public address, as far as the zipper's checks can tell. */
  origin: string;
  url(path: string): string;
  /** Request paths seen so far, in order. */
  requests: string[];
  /** The public address the test web gives it. */
  address: string;
  /** Connections currently open to this site. */
  openSockets(): number;
  close(): Promise<void>;
}

/**
 * A small "internet" for hermetic tests: each site gets a name and a public address in the resolver, and the
 * dialer sends that address to the site's local port. A service's SSRF checks (safe-fetch's resolver and dialer
 * seams) run unchanged, private networks refused, because what they judge is the resolver's public answer.
 */
export class TestWeb {
  private readonly addresses = new Map<string, string[] | (() => string[])>();
  private readonly ports = new Map<string, number>();
  private readonly sites: Site[] = [];

  readonly resolver: Resolver = (hostname) => {
    const answer = this.addresses.get(hostname.toLowerCase());
    if (!answer)
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(
      (typeof answer === 'function' ? answer() : answer).map((address) => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    );
  };

  readonly dial: Dialer = (checked, _port) => {
    const local = this.ports.get(checked.address);
    // An address no site holds goes to a closed local port: nothing ever leaves the machine.
    return { address: '127.0.0.1', port: local ?? 1 };
  };

  /** Makes `hostname` resolve to these records; a function may answer differently on each lookup (rebinding). */
  setRecords(hostname: string, addresses: string[] | (() => string[])): void {
    this.addresses.set(hostname, addresses);
  }

  async site(name: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown): Promise<Site> {
    const requests: string[] = [];
    const sockets = new Set<Socket>();
    const server = http.createServer((req, res) => {
      requests.push(req.url ?? '/');
      void handler(req, res);
    });
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const publicAddress = `93.184.216.${this.sites.length + 10}`;
    this.addresses.set(name, [publicAddress]);
    this.ports.set(publicAddress, (server.address() as AddressInfo).port);
    const site: Site = {
      address: publicAddress,
      origin: `http://${name}`,
      url: (path) => `http://${name}${path}`,
      requests,
      openSockets: () => sockets.size,
      close: () =>
        new Promise((resolve) => {
          sockets.forEach((socket) => socket.destroy());
          server.close(() => resolve());
        }),
    };
    this.sites.push(site);
    return site;
  }

  close(): Promise<void> {
    return Promise.all(this.sites.map((site) => site.close())).then(() => undefined);
  }
}
