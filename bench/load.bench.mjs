#!/usr/bin/env node
/**
 * Load: K simulated visitors against two gateway replicas, auth and W extractor processes, for W = 1 … N.
 * Each visitor is a browser in miniature — its own address (X-Forwarded-For, trusted from loopback as behind a
 * load balancer), its visitor cookie, a socket.io connection — and extracts pages one after another: a mix of
 * static pages (answered by the static path) and pages that need a script run (the browser path), served by a
 * fixture server with latency. Its socket is on one replica and its extractions are posted to the other, so the
 * live progress it sees has crossed replicas (through the queue's event stream and the Redis adapter).
 *
 * Per W it prints pages per minute (and the ratio to W = 1, the baseline measured in the same run), time to the
 * first image and to done (p50/p95, from the POST), queue wait (from the jobs' own timestamps), errors, and per
 * worker the peak RSS of its Node process and the peak PSS of its Chromium; then the knee — the fewest workers within
 * KNEE_SHARE of the best throughput — and what that means per core and per browser. BENCH_ROUNDS sweeps (up, then
 * down) are run and the median run per W counts.
 *
 *   npm run bench -- load
 *   BENCH_VISITORS=12 BENCH_PAGES_PER_VISITOR=3 BENCH_WORKERS=4 BENCH_ROUNDS=2 BENCH_LATENCY_MS=50 npm run bench -- load
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntil } from '../scripts/lib/net.mjs';
import { clearRedisPrefix } from '../scripts/lib/redis.mjs';
import { benchStack, buildServices, finishBench, fixed, mb, measure, root } from './bench.kit.mjs';

const VISITORS = Number(process.env.BENCH_VISITORS ?? 12);
const PAGES_PER_VISITOR = Number(process.env.BENCH_PAGES_PER_VISITOR ?? 3);
const MAX_WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
/** Sweeps of W = 1 … N; per W the median run counts (2+ on a shared machine, whose load comes and goes). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
/** An extraction not done within this is an error (the job time limit is 60 s; queueing comes on top). */
const DONE_WITHIN_MS = 180_000;
/** The knee is the fewest workers within this share of the best throughput. */
const KNEE_SHARE = 0.15;

/** Pages the static path answers (no script can change them), and pages the browser must render. */
const STATIC_PAGES = ['img.html', 'srcset.html', 'picture.html', 'css.html', 'lazy.html', 'links.html'];
const SCRIPT_PAGES = ['spa.html', 'network.html', 'shadow.html', 'head.html', 'stand-ins.html', 'galleries.html'];

const gatewayRequire = createRequire(join(root, 'services', 'gateway', 'package.json'));
const { io } = gatewayRequire('socket.io-client');
const { Queue } = gatewayRequire('bullmq');
const { Redis } = gatewayRequire('ioredis');
const testingRequire = createRequire(join(root, 'bench', 'package.json'));

const quantile = (values, q) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
/** The median, the mean of the middle two for an even count (two rounds: their mean). */
const middle = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
};
const seconds = (ms) => fixed(ms / 1000, 1);
const pad = (text, width) => String(text).padEnd(width);

console.log('building gateway, auth and extractor (nx cache makes this quick when nothing changed) ...');
await buildServices(['@pixtract/gateway', '@pixtract/auth', '@pixtract/extractor']);
const { startFixtureServer } = testingRequire('@pixtract/testing');

const { redis, queuePrefix, templates } = await benchStack('load');

/** One built service as its own process, with `npm start`'s command line and environment plus `env`. */
async function launch(name, env = {}) {
  const port = await freePort();
  const template = templates[name];
  const child = spawn(template.command, template.args, {
    cwd: root,
    env: { ...process.env, ...template.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const ready = () =>
    child.exitCode !== null
      ? Promise.reject(new Error(`${name} exited with code ${child.exitCode}`))
      : fetch(`${base}/ready`).then(
          (res) => res.ok,
          () => false,
        );
  if (!(await waitUntil(ready, { timeoutMs: 60_000, intervalMs: 200 })))
    throw new Error(`${name} was not ready within 60 s`);
  return {
    name,
    child,
    base,
    stop: () =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

/** Pids of a process's descendants (an extractor's Chromium and its helpers). */
function descendants(pid) {
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** Proportional set size: shared pages split among the processes sharing them, so a browser's processes add up. */
function pss(pid) {
  try {
    return Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
}
function rss(pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return 0;
  }
}

/** Chromiums a worker runs: Playwright launches each as a direct child (two while one is being replaced). */
function browsersOf(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.filter((child) => {
      try {
        return readFileSync(`/proc/${child}/comm`, 'utf8').startsWith('chrom');
      } catch {
        return false;
      }
    }).length;
  } catch {
    return 0;
  }
}

/** Samples each worker's Node RSS and its Chromium's PSS, and the machine's load, until stopped; keeps the peaks. */
function sampleResources(workers) {
  const peaks = workers.map(() => ({ nodeRss: 0, chromiumPss: 0, browsers: 0 }));
  const loads = [];
  const timer = setInterval(() => {
    loads.push(loadavg()[0]);
    workers.forEach((worker, index) => {
      const chromium = descendants(worker.child.pid);
      const peak = peaks[index];
      peak.nodeRss = Math.max(peak.nodeRss, rss(worker.child.pid));
      peak.chromiumPss = Math.max(
        peak.chromiumPss,
        chromium.reduce((sum, pid) => sum + pss(pid), 0),
      );
      peak.browsers = Math.max(peak.browsers, browsersOf(worker.child.pid));
    });
  }, 500);
  return {
    stop: () => (
      clearInterval(timer),
      { peaks, meanLoad: loads.reduce((sum, value) => sum + value, 0) / Math.max(1, loads.length) }
    ),
  };
}

/**
 * A POST as a browser sends it: when a reused keep-alive connection turns out closed by the server before any
 * answer (the server's idle timer won the race), Chromium sends the request again on a new one; so does this, once,
 * and counts it.
 */
async function postAsBrowser(url, init, record) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error.cause?.code !== 'UND_ERR_SOCKET') throw error;
    record.retried = true;
    return fetch(url, init);
  }
}

/**
 * One visitor: follows on `socketGateway`, posts to `postGateway`, one page after another. Returns a record per
 * extraction: when its first image and its end were known (ms from the POST), whether live events came over the
 * socket, and any error.
 */
async function visitor(index, socketGateway, postGateway, pages, fixture) {
  const address = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  let cookie = '';
  const socket = io(socketGateway.base, { path: '/socket.io', transports: ['websocket'], forceNew: true });
  await new Promise((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)));
  const records = [];
  try {
    for (const [n, page] of pages.entries()) {
      const kind = STATIC_PAGES.includes(page) ? 'static' : 'script';
      const url = fixture.url(`/pages/catalogue/${page}?visitor=${index}&n=${n}`);
      const record = {
        kind,
        page,
        firstImageMs: undefined,
        doneMs: undefined,
        liveProgress: false,
        liveCompletion: false,
        error: undefined,
        extractionId: undefined,
        retried: false,
      };
      records.push(record);
      const started = performance.now();
      const res = await postAsBrowser(
        `${postGateway.base}/api/extractions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ url, mode: 'auto' }),
        },
        record,
      ).catch((error) => ({ status: `no answer (${error.cause?.code ?? error.message})` }));
      if (res.status !== 202) {
        record.error = `POST answered ${res.status}`;
        continue;
      }
      const visitorCookie = res.headers.getSetCookie().find((line) => line.startsWith('pixtract.visitor='));
      if (visitorCookie) cookie = visitorCookie.split(';')[0];
      const { extractionId } = await res.json();
      record.extractionId = extractionId;
      const sawImage = () => (record.firstImageMs ??= performance.now() - started);
      const finished = new Promise((resolve) => {
        const onProgress = (event) => {
          if (event.extractionId !== extractionId) return;
          record.liveProgress = true;
          if (event.imagesFound > 0 || event.files?.length > 0) sawImage();
        };
        const onCompleted = (event) => {
          if (event.extractionId !== extractionId) return;
          record.liveCompletion = true;
          if (event.result.files.length > 0) sawImage();
          done();
        };
        const onFailed = (event) => event.extractionId === extractionId && done(`failed: ${event.code}`);
        const timer = setTimeout(() => done(`not done within ${DONE_WITHIN_MS / 1000} s`), DONE_WITHIN_MS);
        const done = (error) => {
          clearTimeout(timer);
          socket
            .off('extraction:progress', onProgress)
            .off('extraction:completed', onCompleted)
            .off('extraction:failed', onFailed);
          record.doneMs ??= performance.now() - started;
          record.error ??= error;
          resolve();
        };
        socket
          .on('extraction:progress', onProgress)
          .on('extraction:completed', onCompleted)
          .on('extraction:failed', onFailed);
        // As the web app does: follow, then look once, for an extraction that finished before the follow.
        socket
          .emitWithAck('extraction:follow', extractionId)
          .then(() => fetch(`${socketGateway.base}/api/extractions/${extractionId}`))
          .then((view) => view.json())
          .then((view) => {
            if (view.status === 'completed') {
              if (view.result.files.length > 0) sawImage();
              done();
            } else if (view.status === 'failed') done(`failed: ${view.errorCode}`);
          })
          .catch((error) => done(`follow failed: ${error.message}`));
      });
      await finished;
    }
  } finally {
    socket.disconnect();
  }
  return records;
}

/** Queue wait of this run's jobs, from BullMQ's own timestamps (added → taken by a worker). */
async function queueWaits(ids) {
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  const queue = new Queue('extraction', { connection, prefix: queuePrefix });
  try {
    const jobs = await Promise.all(ids.map((id) => queue.getJob(id)));
    return jobs.filter((job) => job?.processedOn).map((job) => job.processedOn - job.timestamp);
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

/** The page list of each visitor: static and script pages alternating, each visitor starting at its own place. */
function pagesOf(index) {
  return Array.from({ length: PAGES_PER_VISITOR }, (_, n) => {
    const list = (index + n) % 2 === 0 ? STATIC_PAGES : SCRIPT_PAGES;
    return list[(index * 7 + n) % list.length];
  });
}

const fixture = await startFixtureServer({ latencyMs: LATENCY_MS });
const running = [];
const stopAll = () => Promise.all(running.splice(0).map((process) => process.stop()));
process.once('SIGINT', () => stopAll().then(() => process.exit(130)));

try {
  const machine = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? 'unknown',
    memGiB: totalmem() / 2 ** 30,
    loadAtStart: loadavg(),
  };
  // Production mode wants its cookie secrets; the bench's are thrown away with it.
  const auth = await launch('auth', {
    PIXTRACT_QUOTA_FREE_DAILY: '1000000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    VISITOR_SECRET: randomBytes(32).toString('hex'),
  });
  running.push(auth);
  const gatewayEnv = { AUTH_URL: auth.base, WEB_DIST: '', TRUST_PROXY: 'loopback' };
  const replicas = [
    await launch('gateway', { ...gatewayEnv, METRICS_PORT: String(await freePort()) }),
    await launch('gateway', { ...gatewayEnv, METRICS_PORT: String(await freePort()) }),
  ];
  running.push(...replicas);

  console.log(
    `\n${VISITORS} visitors × ${PAGES_PER_VISITOR} pages (half static, half script), fixture latency ${LATENCY_MS} ms; ` +
      `2 gateway replicas (socket on one, POST to the other), extractor concurrency ${process.env.EXTRACTOR_CONCURRENCY ?? 2} per process`,
  );
  console.log(
    `machine: ${machine.cores} cores (${machine.cpu}), ${fixed(machine.memGiB, 0)} GiB, load average at start ${machine.loadAtStart.map((value) => fixed(value, 1)).join(' ')}\n`,
  );
  const header = [
    pad('W', 3),
    pad('pages', 6),
    pad('pages/min', 10),
    pad('×W=1', 6),
    pad('1st image p50/p95 s', 20),
    pad('done p50/p95 s', 15),
    pad('static/script done p50 s', 25),
    pad('queue wait p50/p95 s', 21),
    pad('errors', 7),
    pad('node RSS/worker MB', 19),
    pad('Chromium PSS/worker MB', 23),
    'load',
  ].join('');
  const row = (result, baseline) =>
    [
      pad(result.w, 3),
      pad(result.pages, 6),
      pad(fixed(result.pagesPerMinute, 1), 10),
      pad(baseline ? fixed(result.pagesPerMinute / baseline.pagesPerMinute, 2) : '', 6),
      pad(`${seconds(quantile(result.firstImage, 0.5))} / ${seconds(quantile(result.firstImage, 0.95))}`, 20),
      pad(`${seconds(quantile(result.done, 0.5))} / ${seconds(quantile(result.done, 0.95))}`, 15),
      pad(`${seconds(quantile(result.staticDone, 0.5))} / ${seconds(quantile(result.scriptDone, 0.5))}`, 25),
      pad(`${seconds(quantile(result.waits, 0.5))} / ${seconds(quantile(result.waits, 0.95))}`, 21),
      pad(result.errors.length, 7),
      pad(result.nodeRss.map((bytes) => fixed(mb(bytes), 0)).join(' '), 19),
      pad(result.chromiumPss.map((bytes) => fixed(mb(bytes), 0)).join(' '), 23),
      fixed(result.meanLoad, 1),
    ].join('');

  /** One run with W fresh extractor processes (each ready, its Chromium launched, before the visitors start). */
  async function run(w) {
    const workers = await Promise.all(Array.from({ length: w }, () => launch('extractor')));
    // Stopped with the rest if the run fails half-way.
    running.push(...workers);
    const sampler = sampleResources(workers);
    const runStarted = performance.now();
    const records = (
      await Promise.all(
        Array.from({ length: VISITORS }, (_, index) =>
          visitor(index, replicas[index % 2], replicas[(index + 1) % 2], pagesOf(index), fixture),
        ),
      )
    ).flat();
    const wallMs = performance.now() - runStarted;
    const { peaks, meanLoad } = sampler.stop();
    await Promise.all(workers.map((worker) => worker.stop()));
    running.splice(running.length - workers.length, workers.length);
    const done = records.filter((record) => !record.error);
    return {
      w,
      pages: done.length,
      pagesPerMinute: (done.length / wallMs) * 60_000,
      firstImage: done.map((record) => record.firstImageMs).filter((ms) => ms !== undefined),
      done: done.map((record) => record.doneMs),
      staticDone: done.filter((record) => record.kind === 'static').map((record) => record.doneMs),
      scriptDone: done.filter((record) => record.kind === 'script').map((record) => record.doneMs),
      waits: await queueWaits(records.map((record) => record.extractionId).filter(Boolean)),
      errors: records.filter((record) => record.error),
      retries: records.filter((record) => record.retried).length,
      crossed: {
        progress: records.filter((record) => record.liveProgress).length,
        completion: records.filter((record) => record.liveCompletion).length,
        of: records.length,
      },
      nodeRss: peaks.map((peak) => peak.nodeRss),
      chromiumPss: peaks.map((peak) => peak.chromiumPss),
      browsers: peaks.map((peak) => peak.browsers),
      meanLoad,
    };
  }

  // Rounds sweep W up and then down, so a machine getting busier or quieter during the bench weighs on every W alike.
  console.log(header);
  const runs = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const order = Array.from({ length: MAX_WORKERS }, (_, index) => index + 1);
    for (const w of round % 2 === 1 ? order : order.reverse()) {
      const result = await measure(`W = ${w} (round ${round})`, () => run(w));
      if (!result) continue;
      runs.push(result);
      console.log(`${row(result)}   (round ${round})`);
      for (const error of result.errors.slice(0, 5)) console.log(`    error: ${error.page}: ${error.error}`);
    }
  }

  /** Per W: the median run's pages per minute, every run's samples pooled for the percentiles. */
  const results = Array.from({ length: MAX_WORKERS }, (_, index) => {
    const of = runs.filter((result) => result.w === index + 1);
    if (of.length === 0) return undefined;
    const pool = (key) => of.flatMap((result) => result[key]);
    return {
      w: index + 1,
      pages: of.reduce((sum, result) => sum + result.pages, 0),
      pagesPerMinute: middle(of.map((result) => result.pagesPerMinute)),
      ...Object.fromEntries(
        ['firstImage', 'done', 'staticDone', 'scriptDone', 'waits', 'errors'].map((key) => [key, pool(key)]),
      ),
      nodeRss: of.at(-1).nodeRss,
      chromiumPss: of.at(-1).chromiumPss,
      meanLoad: of.reduce((sum, result) => sum + result.meanLoad, 0) / of.length,
    };
  }).filter(Boolean);
  // Every run failed: measure() has named each, and finishBench() lists them below.
  if (results.length > 0) {
    if (ROUNDS > 1) {
      console.log(`\nover ${ROUNDS} rounds (pages/min: the median run; times: every run's extractions):\n${header}`);
      for (const result of results) console.log(row(result, results[0]));
    }

    // The knee: the fewest workers within KNEE_SHARE of the best throughput measured — more buy less than that.
    const best = Math.max(...results.map((result) => result.pagesPerMinute));
    const knee = results.find((result) => result.pagesPerMinute >= best * (1 - KNEE_SHARE));
    const crossed = runs.reduce(
      (sum, result) => ({
        progress: sum.progress + result.crossed.progress,
        completion: sum.completion + result.crossed.completion,
        of: sum.of + result.crossed.of,
      }),
      { progress: 0, completion: 0, of: 0 },
    );
    const browserPss = runs.flatMap((result) =>
      result.chromiumPss.map((bytes, index) => bytes / Math.max(1, result.browsers[index])),
    );
    const loadAtEnd = loadavg();

    console.log(
      `\nPOSTs sent again after a reused keep-alive connection was found closed (as browsers do): ${runs.reduce((sum, result) => sum + result.retries, 0)}`,
    );
    console.log(
      `progress across replicas: ${crossed.progress}/${crossed.of} extractions showed live progress, ${crossed.completion}/${crossed.of} live completion, on a socket of the replica they were not posted to`,
    );
    console.log(
      knee.w < MAX_WORKERS
        ? `knee: W = ${knee.w} (${fixed(knee.pagesPerMinute, 1)} pages/min, within ${KNEE_SHARE * 100}% of the best, ${fixed(best, 1)}): more workers add little on this machine`
        : `knee: not reached up to W = ${MAX_WORKERS} (${fixed(best, 1)} pages/min): throughput still rose with the last worker`,
    );
    console.log(
      `sizing: ${fixed(knee.pagesPerMinute / machine.cores, 1)} pages/min per core at the knee on this machine; Chromium ≈ ${fixed(mb(quantile(browserPss, 0.5)), 0)} MB PSS per browser (median of peaks, max ${fixed(mb(Math.max(...browserPss)), 0)} MB); extractor Node process ≈ ${fixed(
        mb(
          quantile(
            runs.flatMap((result) => result.nodeRss),
            0.5,
          ),
        ),
        0,
      )} MB RSS`,
    );
    console.log(
      `load average at end ${loadAtEnd.map((value) => fixed(value, 1)).join(' ')} (the machine is shared: read the ratios, not the absolute times)`,
    );
  }
} finally {
  await stopAll();
  await fixture.close();
  await clearRedisPrefix(redis.url, queuePrefix).catch(() => undefined);
}
finishBench();
