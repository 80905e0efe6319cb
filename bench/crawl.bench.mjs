#!/usr/bin/env node
/**
 * Crawl: one crawl of a fixture site of N pages (50 ms latency, every second page draws its picture with a script,
 * so half need the browser), crawled with W = 1 … MAX extractor processes (1 crawl page each at once: 2 slots less
 * the one kept for single extractions) behind a gateway and auth, all on one Redis and Postgres. Per W it prints
 * pages per minute and the ratio to W = 1 (measured in the same run), and the most requests ever in flight to the
 * site's host, pages and pictures alike, and of those the most page requests (the politeness limit is 2). Then: the ratio of the crawl's time (W = 1) to extracting the same
 * pages one by one through /api/extractions; the ratio of a single extraction's time while a crawl runs to its
 * time on an idle queue (the same pages); and a crawl on MAX workers with one killed (SIGKILL) a quarter of the
 * way through: pages done, each once, with its images stored once. Crawls are followed by socket.io, as the crawl page
 * follows them.
 *
 *   npm run bench -- crawl
 *   BENCH_CRAWL_PAGES=200 BENCH_WORKERS=4 BENCH_LATENCY_MS=50 BENCH_VISITOR_PAGES=24 npm run bench -- crawl
 *   BENCH_CRAWL_PARTS=visitor npm run bench -- crawl    # only the visitor's ratio (a few minutes)
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { freePort, sleep, waitUntil } from '../scripts/lib/net.mjs';
import { benchStack, buildServices, fixed, median, root } from './bench.kit.mjs';

const PAGES = Number(process.env.BENCH_CRAWL_PAGES ?? 200);
const MAX_WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
/** Single extractions timed on an idle queue and again during a crawl: half of them need the browser. */
const VISITOR_PAGES = Number(process.env.BENCH_VISITOR_PAGES ?? 24);
/**
 * A visitor starts this long after the one before ended, on the idle queue as during the crawl: visitors arrive on
 * their own, not while the machine still finishes the previous one, nor at the moment the crawl resumes from it
 * (when every waiting crawl page starts at once).
 */
const VISITOR_GAP_MS = 1_000;
/** Which parts run: `scaling` (W = 1 … MAX and one by one), `visitor`, `kill`; all by default. */
const ALL_PARTS = ['scaling', 'visitor', 'kill'];
const PARTS = new Set(process.env.BENCH_CRAWL_PARTS?.split(',') ?? ALL_PARTS);
const unknownParts = [...PARTS].filter((part) => !ALL_PARTS.includes(part));
if (unknownParts.length > 0) throw new Error(`BENCH_CRAWL_PARTS: no part ${unknownParts.join(', ')} (${ALL_PARTS})`);
// The kill -9 check needs a worker left to take the killed one's pages (with one, that crawl never ends).
if (PARTS.has('kill') && !(MAX_WORKERS >= 2))
  throw new Error('BENCH_WORKERS must be at least 2: one worker is killed mid-crawl');
const ADMIN = { username: 'benchcrawler', password: 'bench crawler password' };

const testingRequire = createRequire(join(root, 'bench', 'package.json'));
const gatewayRequire = createRequire(join(root, 'services', 'gateway', 'package.json'));
const { io } = gatewayRequire('socket.io-client');
const Redis = gatewayRequire('ioredis');

console.log('building gateway, auth and extractor (nx cache makes this quick when nothing changed) ...');
await buildServices(['@pixtract/gateway', '@pixtract/auth', '@pixtract/extractor']);
const { crawlSite, startFixtureServer } = testingRequire('@pixtract/testing');

const { templates, redis, queuePrefix } = await benchStack('crawl');
const queueRedis = new Redis(redis.url);

/** Every process the bench started, stopped whatever happens. */
const running = [];
process.on('exit', () => running.forEach(({ child }) => child.exitCode === null && child.kill('SIGKILL')));

/** One built service as its own process, with `npm start`'s command line and environment plus `env`. */
async function launch(name, env = {}, port = undefined) {
  port ??= await freePort();
  const template = templates[name];
  const child = spawn(template.command, template.args, {
    cwd: root,
    env: { ...process.env, ...template.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.push({ child });
  const base = `http://127.0.0.1:${port}`;
  const ready = () =>
    child.exitCode !== null
      ? Promise.reject(new Error(`${name} exited with code ${child.exitCode}`))
      : fetch(`${base}/ready`).then(
          (res) => res.ok,
          () => false,
        );
  // Generous: a loaded machine starts Chromium slowly.
  if (!(await waitUntil(ready, { timeoutMs: 180_000, intervalMs: 200 })))
    throw new Error(`${name} was not ready within 180 s`);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    base,
    kill: () => (child.kill('SIGKILL'), exited),
    stop: () => (child.exitCode !== null || child.signalCode !== null ? undefined : (child.kill('SIGTERM'), exited)),
  };
}

// Production mode wants its cookie secrets (the bench's are thrown away with it) and sets the session cookie over
// HTTPS only; the bench signs in over plain HTTP, so auth runs in development mode (its speed is not measured here).
const auth = await launch('auth', {
  NODE_ENV: 'development',
  ADMIN_USERNAMES: ADMIN.username,
  SESSION_SECRET: randomBytes(32).toString('hex'),
  VISITOR_SECRET: randomBytes(32).toString('hex'),
});
// Production mode wants the site's public origin: here, the gateway's own address.
const gatewayPort = await freePort();
const gateway = await launch(
  'gateway',
  {
    AUTH_URL: auth.base,
    WEB_DIST: '',
    METRICS_PORT: String(await freePort()),
    PIXTRACT_RATE_LIMITS: 'crawls=100000/60,extractions=100000/60',
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
  },
  gatewayPort,
);

// An administrator (the largest plan: 10,000 pages a crawl, a day's quota far above the bench's images).
let cookie = '';
const call = async (path, init = {}) => {
  const res = await fetch(`${gateway.base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', cookie, origin: gateway.base, ...init.headers },
  });
  const set = res.headers.getSetCookie().map((line) => line.split(';')[0]);
  if (set.length > 0)
    cookie = [
      ...new Map([...cookie.split('; '), ...set].filter(Boolean).map((pair) => [pair.split('=')[0], pair])).values(),
    ].join('; ');
  return res;
};
await call('/api/auth/register', { method: 'POST', body: JSON.stringify(ADMIN) });
if (!(await call('/api/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) })).ok)
  throw new Error('admin login failed');

const ENDED = new Set(['completed', 'stopped', 'limited', 'failed']);

/**
 * One crawl of the site's pages, followed as the crawl page follows it: socket.io `crawl:progress` events (a
 * client polling the whole crawl view would load the gateway as no visitor does), the stored view read at the end.
 */
async function crawlOf(site, server, onProgress) {
  const urls = Array.from({ length: PAGES }, (_, n) => server.url(`/site/p/${n + 1}.html`));
  const startedAt = Date.now();
  const res = await call('/api/crawls', { method: 'POST', body: JSON.stringify({ scope: 'list', urls }) });
  if (res.status !== 202) throw new Error(`crawl refused: ${res.status} ${await res.text()}`);
  const { crawlId } = await res.json();
  const socket = io(gateway.base, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { cookie },
  });
  let wake = () => {};
  let [latest, heard, handled] = [undefined, 0, 0];
  socket.on('crawl:progress', (progress) => ((latest = progress), (heard += 1), wake()));
  await new Promise((resolve, reject) => (socket.once('connect', resolve), socket.once('connect_error', reject)));
  if (!(await socket.emitWithAck('crawl:follow', crawlId)).ok) throw new Error('crawl:follow refused');
  const view = () => call(`/api/crawls/${crawlId}`).then((answer) => answer.json());
  // Events before the follow are not replayed: the stored view once, then the events (and the view again should
  // the socket say nothing for a while).
  latest ??= await view();
  try {
    for (;;) {
      await onProgress?.(latest);
      if (ENDED.has(latest.status)) return { crawl: await view(), ms: Date.now() - startedAt };
      if (heard === handled) {
        const spoke = await new Promise((resolve) => {
          const quiet = setTimeout(() => resolve(false), 5_000);
          wake = () => (clearTimeout(quiet), resolve(true));
        });
        if (!spoke) latest = await view();
      }
      handled = heard;
    }
  } finally {
    socket.disconnect();
  }
}

/** One single extraction, polled as the results page polls it: its whole time and the time its POST took. */
async function extractOne(url) {
  const startedAt = Date.now();
  const res = await call('/api/extractions', { method: 'POST', body: JSON.stringify({ url, rerun: true }) });
  const { extractionId } = await res.json();
  const postMs = Date.now() - startedAt;
  for (;;) {
    const view = await (await call(`/api/extractions/${extractionId}`)).json();
    if (view.status === 'completed' || view.status === 'failed') return { view, ms: Date.now() - startedAt, postMs };
    await sleep(50);
  }
}

/**
 * How many times workers took a crawl page since `since` (ms): BullMQ's `active` events of the crawl-page queue. A
 * page sent back to the queue (its host had no lease free) is taken again. The stream keeps about its last 10,000
 * events, so a crawl with more than that (pages × events each) is undercounted.
 */
async function pageTakingsSince(since) {
  const events = await queueRedis.xrange(`${queuePrefix}:crawl-page:events`, `${since}-0`, '+');
  return events.filter(([, fields]) => fields[1] === 'active').length;
}

const workerEnv = { CRAWL_HOST_MAX_IN_FLIGHT: '2' };
const startWorkers = (count) => Promise.all(Array.from({ length: count }, () => launch('extractor', workerEnv)));
const newSite = async () => {
  const site = crawlSite({ pages: PAGES, browserEvery: 2, latencyMs: LATENCY_MS });
  return { site, server: await startFixtureServer({ handle: site.handle }) };
};

const rows = [];
let oneByOneMs;
const idle = [];
const busy = [];
let afterKill;
try {
  for (let count = 1; PARTS.has('scaling') && count <= MAX_WORKERS; count++) {
    const workers = await startWorkers(count);
    const { site, server } = await newSite();
    const crawlStartedAt = Date.now();
    const { crawl, ms } = await crawlOf(site, server);
    const inFlight = `${server.maxInFlight} (pages ${site.maxInFlight})`;
    const takings = (await pageTakingsSince(crawlStartedAt)) / crawl.pagesDone;
    rows.push({ count, ms, done: crawl.pagesDone, failed: crawl.pagesFailed, inFlight, takings });
    console.log(
      `W=${count}: ${crawl.pagesDone}/${PAGES} pages in ${fixed(ms / 1000, 1)} s, most requests in flight to the host ${inFlight}, a worker took each page ${fixed(takings)} times`,
    );
    if (count === 1) {
      // The same pages one by one through /api/extractions, on the same single worker.
      const baseline = await newSite();
      const started = Date.now();
      for (let n = 1; n <= PAGES; n++) await extractOne(baseline.server.url(`/site/p/${n}.html`));
      oneByOneMs = Date.now() - started;
      await baseline.server.close();
    }
    await server.close();
    await Promise.all(workers.map((worker) => worker.stop()));
  }

  const workers = PARTS.has('visitor') || PARTS.has('kill') ? await startWorkers(MAX_WORKERS) : [];
  if (PARTS.has('visitor')) {
    // The same pages (every second one needs the browser) extracted one after another on an idle queue, then, from
    // a fresh copy of the site, while a crawl runs on MAX workers.
    const [warmUpSite, idleSite, busySite] = [await newSite(), await newSite(), await newSite()];
    // Each as its whole time through the API, its POST's, and the worker's own time reading the page.
    const timesOf = ({ view, ms, postMs }) => ({
      ms,
      postMs,
      workMs: view.result?.performanceInfo.timeMs ?? Number.NaN,
    });
    // Not timed: the workers' first pages after start (a fresh Chromium, cold code) would make the idle queue slow.
    for (let i = 0; i < VISITOR_PAGES; i++) await extractOne(warmUpSite.server.url(`/site/p/${i + 1}.html`));
    for (let i = 0; i < VISITOR_PAGES; i++) {
      await sleep(VISITOR_GAP_MS);
      idle.push(timesOf(await extractOne(idleSite.server.url(`/site/p/${i + 1}.html`))));
    }
    const { site, server } = await newSite();
    let [measuring, nextAt] = [undefined, 0];
    await crawlOf(site, server, async (crawl) => {
      if (!measuring && crawl.pagesDone >= 5 && busy.length < VISITOR_PAGES && Date.now() >= nextAt)
        measuring = extractOne(busySite.server.url(`/site/p/${busy.length + 1}.html`)).then((done) => {
          busy.push(timesOf(done));
          [measuring, nextAt] = [undefined, Date.now() + VISITOR_GAP_MS];
        });
    });
    await measuring;
    await Promise.all([warmUpSite.server.close(), idleSite.server.close(), busySite.server.close(), server.close()]);
  }

  if (PARTS.has('kill')) {
    // SIGKILL of one worker a quarter of the way through.
    const killed = await newSite();
    let victim;
    ({ crawl: afterKill } = await crawlOf(killed.site, killed.server, async (crawl) => {
      if (!victim && crawl.pagesDone >= PAGES / 4) {
        victim =
          workers.find((worker) => crawl.reading.some((page) => page.worker.endsWith(`:${worker.child.pid}`))) ??
          workers[0];
        await victim.kill();
      }
    }));
    await killed.server.close();
  }
  await Promise.all(workers.map((worker) => worker.stop()));

  console.log(
    `\nCrawl of ${PAGES} pages (${LATENCY_MS} ms latency, half need the browser), ${availableParallelism()} cores`,
  );
  if (rows.length > 0) {
    const base = rows[0];
    const perMinute = (row) => (row.done / row.ms) * 60_000;
    console.log('W  pages/min  ratio to W=1  most requests in flight to the host  takings per page  failed');
    for (const row of rows)
      console.log(
        `${String(row.count).padEnd(3)}${fixed(perMinute(row), 1).padEnd(11)}${fixed(perMinute(row) / perMinute(base)).padEnd(14)}${row.inFlight.padEnd(37)}${fixed(row.takings).padEnd(18)}${row.failed}`,
      );
    console.log(
      `crawl (W=1) time / one by one through /api/extractions: ${fixed(base.ms / oneByOneMs)} (${fixed(base.ms / 1000, 1)} s / ${fixed(oneByOneMs / 1000, 1)} s)`,
    );
  }
  if (busy.length > 0) {
    // Totals over the same pages (a median of static pages alone would hide the browser's), and the median of the
    // page-by-page ratios, which one slow answer cannot move; a crawl that ended before every visitor came is
    // compared on the pages it did see.
    const total = (times, key) => times.slice(0, busy.length).reduce((sum, time) => sum + time[key], 0);
    const [busyMs, idleMs] = [total(busy, 'ms'), total(idle, 'ms')];
    const ratios = busy.map((time, i) => time.ms / idle[i].ms).sort((a, b) => a - b);
    console.log(
      `single extraction during a crawl / on an idle queue: ${fixed(busyMs / idleMs)} (${busyMs} ms / ${idleMs} ms for the same ${busy.length} pages; page by page from ${fixed(ratios[0])} to ${fixed(ratios.at(-1))}, median ${fixed(median(ratios))})`,
    );
    console.log(
      `  of which the POST: ${total(busy, 'postMs')} ms / ${total(idle, 'postMs')} ms; the worker reading the pages: ${total(busy, 'workMs')} ms / ${total(idle, 'workMs')} ms`,
    );
  }
  if (afterKill) {
    const pagesOnce = afterKill.pages.filter((page) => page.status === 'done').length;
    const filesPerPage = new Map();
    for (const file of afterKill.files)
      for (const page of file.pageUrls) filesPerPage.set(page, (filesPerPage.get(page) ?? 0) + 1);
    const everyPageOnce = afterKill.pages.every((page) => page.imageCount === 2 && filesPerPage.get(page.url) === 2);
    console.log(
      `kill -9 of one of ${MAX_WORKERS} workers a quarter through: ${afterKill.status}, ${pagesOnce}/${PAGES} pages done, each once with its 2 images once: ${everyPageOnce ? 'yes' : 'NO'}`,
    );
  }
} finally {
  await gateway.stop();
  await auth.stop();
  queueRedis.disconnect();
}
