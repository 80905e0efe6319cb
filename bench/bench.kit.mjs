// Shared by the benches: builds, built services as processes, an image fixture server with latency, small statistics.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildProjects } from '../scripts/lib/build.mjs';
import { ensureDatabases } from '../scripts/lib/databases.mjs';
import { freePort, isPortFree, waitUntil } from '../scripts/lib/net.mjs';
import { tail } from '../scripts/lib/exec.mjs';
import { ROOT as root } from '../scripts/lib/paths.mjs';
import { ensurePostgres } from '../scripts/lib/postgres.mjs';
import { ensureRedis } from '../scripts/lib/redis.mjs';
import { SERVICES, serviceProcesses } from '../scripts/lib/services.mjs';

export { ROOT as root } from '../scripts/lib/paths.mjs';
export const zipperRequire = createRequire(join(root, 'services', 'zipper', 'package.json'));

/**
 * What a bench could not measure. A loaded machine makes runs fail (a navigation aborted, a timeout): each
 * measurement runs through `measure`, so a failure costs that measurement only; the bench prints everything else
 * and, from `finishBench`, names what failed and exits 1.
 */
const failures = [];
const firstLine = (error) => String(error?.message ?? error).split('\n')[0];

/** Runs one measurement: its value, or undefined when it failed (recorded under `label`). */
export async function measure(label, work) {
  try {
    return await work();
  } catch (error) {
    failures.push(`${label}: ${firstLine(error)}`);
    console.log(`  could not measure ${label}: ${firstLine(error)}`);
    return undefined;
  }
}

// A rejection no measurement awaited (a page's own request aborted after its run ended) is recorded, not fatal.
process.on('unhandledRejection', (error) => failures.push(`outside any measurement: ${firstLine(error)}`));

/** The values of the measurements that succeeded. */
export const measured = (values) => values.filter((value) => value !== undefined);

/** Names every failed measurement, and exits: 1 when one failed or `ok` is false, else 0. */
export function finishBench(ok = true) {
  if (failures.length > 0) {
    console.log(`\n${failures.length} measurement(s) failed, their figures are missing ('-') above:`);
    for (const failure of failures) console.log(`  ${failure}`);
  }
  process.exit(ok && failures.length === 0 ? 0 : 1);
}

/** The median; NaN for no values (every run of a measurement failed), which `fixed` prints as '-'. */
export const median = (values) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const fixed = (value, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
export const mb = (bytes) => bytes / (1024 * 1024);

/** A noisy JPEG of about `kb` KB: incompressible, like a real photo. */
export async function photo(kb) {
  const sharp = zipperRequire('sharp');
  const side = Math.round(Math.sqrt((kb * 1024) / 0.75));
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Serves `body` as `type` (a JPEG by default) under any /img/... path after `latencyMs`. */
export async function startImageServer(body, latencyMs, type = 'image/jpeg') {
  const server = http.createServer((req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body), latencyMs);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

/** A base port whose service ports (base + each service's offset) are all free. */
async function freeBasePort() {
  for (;;) {
    const base = await freePort();
    if ((await Promise.all(SERVICES.map((service) => isPortFree(base + service.offset)))).every(Boolean)) return base;
  }
}

/**
 * Built services as their own processes (so the zipper's RSS is its own), started with the command line and
 * environment `npm start` gives them (node flags included: they change memory), as in production (NODE_ENV,
 * LOG_LEVEL); only loopback is allowed for the fixture server, and `env` adds the bench's own settings.
 * Returns each one's base URL, the zipper's peak RSS and a stop for all.
 */
export async function startServices(names, env = {}) {
  const basePort = await freeBasePort();
  const databases = SERVICES.filter((service) => service.database && names.includes(service.name)).map(
    (service) => `bench_${service.name}`,
  );
  // The same Postgres and Redis `npm start` finds (or starts): only services with a database need Postgres.
  const databaseServerUrl = databases.length > 0 ? (await ensurePostgres()).url : 'postgres://127.0.0.1:5432/postgres';
  const redisUrl = (await ensureRedis()).url;
  if (databases.length > 0) await ensureDatabases(databaseServerUrl, databases);
  const launches = serviceProcesses({
    basePort,
    databaseServerUrl,
    databasePrefix: 'bench',
    redisUrl,
    queuePrefix: `bench-${process.pid}`,
    nodeEnv: 'production',
    logLevel: 'info',
    allowPrivateNetworks: true,
  }).filter((service) => names.includes(service.name));
  const children = new Map(
    launches.map((launch) => [
      launch.name,
      spawn(launch.command, launch.args, {
        cwd: root,
        env: { ...process.env, ...launch.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      }),
    ]),
  );
  const baseOf = (name) => new URL(launches.find((launch) => launch.name === name).readyUrl).origin;
  for (const name of names) {
    const healthy = () =>
      fetch(`${baseOf(name)}/health`).then(
        (res) => res.ok,
        () => false,
      );
    // 60 s: on a shared, loaded machine a Nest service can take tens of seconds to come up.
    if (!(await waitUntil(healthy, { timeoutMs: 60_000, intervalMs: 50 }))) throw new Error(`${name} did not start`);
  }
  return {
    baseOf,
    /** Peak resident set of a service so far (VmHWM), in bytes. */
    peakRss: (name) =>
      Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${children.get(name).pid}/status`, 'utf8'))[1]) * 1024,
    // A service that already exited (it crashed) is stopped: waiting for its exit would never end.
    stop: () =>
      Promise.all(
        [...children.values()].map((child) =>
          child.exitCode !== null || child.signalCode !== null
            ? undefined
            : new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
        ),
      ),
  };
}

/**
 * What the load and crawl benches launch their processes from: the Postgres and Redis `npm start` finds (or
 * starts), fresh `bench_<name>_*` databases, a queue prefix of this run, and `npm start`'s process templates by name.
 */
export async function benchStack(name) {
  const postgres = await ensurePostgres();
  const redis = await ensureRedis();
  const queuePrefix = `bench-${name}-${process.pid}`;
  await ensureDatabases(postgres.url, [`bench_${name}_gateway`, `bench_${name}_auth`], { reset: true });
  const templates = Object.fromEntries(
    serviceProcesses({
      basePort: 0,
      databaseServerUrl: postgres.url,
      databasePrefix: `bench_${name}`,
      redisUrl: redis.url,
      queuePrefix,
      nodeEnv: 'production',
      logLevel: 'warn',
      allowPrivateNetworks: true,
      // Production wants the secret the services share; the bench's is thrown away with it.
      internalToken: randomBytes(32).toString('hex'),
    }).map((template) => [template.name, template]),
  );
  return { redis, queuePrefix, templates };
}

/** The zipper alone. */
export async function startZipperProcess(env = {}) {
  const services = await startServices(['zipper'], env);
  return { base: services.baseOf('zipper'), peakRss: () => services.peakRss('zipper'), stop: services.stop };
}

/** The services `npm start` builds (the gateway's web build included: nx caches it); Nx's output only on failure. */
export async function buildServices(projects) {
  const { ok, output } = await buildProjects(projects, { quiet: true });
  if (!ok) throw new Error(`build of ${projects.join(', ')} failed:\n${tail(output)}`);
}

export const buildZipper = () => buildServices(['@pixtract/zipper']);
