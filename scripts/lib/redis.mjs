// Redis: REDIS_URL, else a server on 127.0.0.1:6379, else one we start from the redis-server binary
// under .data/redis (installed with apt first where we may), else a one-line instruction.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aptInstall, canInstallPackages } from './apt.mjs';
import { isExecutable, onPath, tail, terminate } from './exec.mjs';
import { freePort, probe, waitUntil } from './net.mjs';
import { status } from './output.mjs';
import { DATA_DIR, ROOT } from './paths.mjs';
import { SetupError } from './setup-error.mjs';

const INSTRUCTION =
  'Redis not found: install it (sudo apt-get install redis-server) or set REDIS_URL=redis://host:6379';

/** 'redis' when a Redis answers PING, 'locked' when it wants a password, null when none answers. */
export async function pingRedis(host, port) {
  const answer = (await probe(host, port, 'PING\r\n'))?.toString() ?? '';
  if (answer.startsWith('+PONG')) return 'redis';
  if (answer.startsWith('-NOAUTH') || answer.startsWith('-DENIED')) return 'locked';
  return null;
}

const findServer = () =>
  onPath('redis-server') ?? ['/usr/bin/redis-server', '/usr/sbin/redis-server'].find(isExecutable);

/** Resolves the Redis to use: { url, stop? }; `stop` is present when we started it. */
export async function ensureRedis({
  env = process.env,
  dataDir = join(DATA_DIR, 'redis'),
  server = findServer(),
  install = canInstallPackages(),
} = {}) {
  if (env.REDIS_URL) {
    status('Redis: REDIS_URL');
    return { url: env.REDIS_URL };
  }
  // PIXTRACT_REDIS_PORT moves the probe off 6379, e.g. to try the start-from-binary path on a busy machine.
  const port = Number(env.PIXTRACT_REDIS_PORT ?? 6379);
  const local = await pingRedis('127.0.0.1', port);
  if (local === 'locked')
    throw new SetupError(
      `Redis on 127.0.0.1:${port} wants a password: set REDIS_URL=redis://:password@127.0.0.1:${port}`,
    );
  if (local === 'redis') {
    status(`Redis: the server on 127.0.0.1:${port}`);
    return { url: `redis://127.0.0.1:${port}` };
  }
  if (!server && install) {
    await aptInstall('redis-server');
    server = findServer();
  }
  if (!server) throw new SetupError(INSTRUCTION);
  return startOwnServer(server, dataDir);
}

async function startOwnServer(server, dir) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const log = join(dir, 'redis.log');
  // Its own process group, so Ctrl-C in the terminal reaches only us and we stop it after the services.
  const child = spawn(server, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--logfile', log], {
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve).on('error', resolve));
  const up = await Promise.race([
    waitUntil(async () => (await pingRedis('127.0.0.1', port)) === 'redis', { timeoutMs: 10_000 }),
    exited.then(() => false),
  ]);
  if (!up) {
    await terminate(child, exited);
    throw new SetupError(`redis-server did not start (log above: ${log}).`, { details: tail(safeRead(log)) });
  }
  status(`Redis: our own server on 127.0.0.1:${port} (${dir})`);
  return { url: `redis://127.0.0.1:${port}`, stop: () => terminate(child, exited) };
}

const safeRead = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** Deletes every key under a BullMQ prefix, so a test run starts without jobs left by an earlier one. */
export async function clearRedisPrefix(url, prefix) {
  const Redis = createRequire(join(ROOT, 'package.json'))('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
