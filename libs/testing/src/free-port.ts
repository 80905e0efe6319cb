import { AddressInfo, createServer } from 'node:net';

/** A port free on 127.0.0.1 right now, for a child process that must be told its port before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}
