import type { AddressInfo, Server } from 'node:net';

/** http://127.0.0.1:<port> of a server a test started on port 0. */
export function baseUrlOf(server: Pick<Server, 'address'>): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
