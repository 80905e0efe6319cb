// TCP helpers: free ports, protocol probes and polling until something answers.
import { createConnection, createServer } from 'node:net';

/** A port nothing listens on right now, chosen by the OS. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when nothing accepts connections on 127.0.0.1:port. */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Connects, writes `request` and resolves with the first bytes answered, or null when nothing listens,
 * the connection fails or no answer comes within the timeout.
 */
export function probe(host, port, request, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const finish = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => finish(null));
    socket.once('error', () => finish(null));
    socket.once('connect', () => socket.write(request));
    socket.once('data', (data) => finish(data));
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or the deadline passes (then returns false). */
export async function waitUntil(check, { timeoutMs, intervalMs = 250 }) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await check();
    if (result) return result;
    await sleep(intervalMs);
  }
  return false;
}
