// Shared by the media benches (zip, proxy): an image fixture server with latency, a zipper process, small statistics.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const zipperRequire = createRequire(join(root, 'services', 'zipper', 'package.json'));

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
export const mb = (bytes) => bytes / (1024 * 1024);

/** A noisy JPEG of about `kb` KB: incompressible, like a real photo. */
export async function photo(kb) {
  const sharp = zipperRequire('sharp');
  const side = Math.round(Math.sqrt((kb * 1024) / 0.75));
  return sharp({ create: { width: side, height: side, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 90 }).toBuffer();
}

/** Serves `body` as image/jpeg under any /img/... path after `latencyMs`. */
export async function startImageServer(body, latencyMs) {
  const server = http.createServer((req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body), latencyMs);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) };
}

async function freePort() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The built zipper as its own process (so its RSS is its own), loopback allowed for the fixture server. */
export async function startZipperProcess(env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'services', 'zipper', 'dist', 'main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1', QUEUE_PREFIX: `bench-${process.pid}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (await fetch(`${base}/health`).then((res) => res.ok, () => false)) break;
    if (tries > 200) throw new Error('zipper did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    /** Peak resident set of the process so far (VmHWM), in bytes. */
    peakRss: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) * 1024,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

export function buildZipper() {
  return new Promise((resolve, reject) => {
    const build = spawn('npx', ['nx', 'run-many', '-t', 'build', '-p', '@pixtract/zipper', '--outputStyle=stream'], { cwd: root, stdio: 'ignore' });
    build.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`zipper build failed (${code})`))));
  });
}
