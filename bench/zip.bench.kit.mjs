// Shared by the media benches (zip, proxy): an image fixture server with latency, a zipper process, small statistics.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES, serviceProcesses } from '../scripts/lib/services.mjs';

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

/**
 * The built zipper as its own process (so its RSS is its own), started with the command line and environment
 * `npm start` gives it (node flags included: they change its memory), as in production (NODE_ENV, LOG_LEVEL);
 * only loopback is allowed for the fixture server, and `env` adds the bench's own settings.
 */
export async function startZipperProcess(env = {}) {
  const port = await freePort();
  const zipperOffset = SERVICES.find((service) => service.name === 'zipper').offset;
  const launch = serviceProcesses({
    basePort: port - zipperOffset,
    databaseServerUrl: 'postgres://127.0.0.1:5432/postgres',
    databasePrefix: 'bench',
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    queuePrefix: `bench-${process.pid}`,
    nodeEnv: 'production',
    logLevel: 'info',
    allowPrivateNetworks: true,
  }).find((service) => service.name === 'zipper');
  const child = spawn(launch.command, launch.args, { cwd: root, env: { ...process.env, ...launch.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
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
