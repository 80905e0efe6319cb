import { INestApplication } from '@nestjs/common';
import { createService, VisitorPresence } from '@pixtract/service-kit';
import { FixtureServer, pollUntil, startFixtureServer, uniqueQueuePrefix } from '@pixtract/testing';
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from '../src/app.module';
import { BrowserPoolService } from '../src/browser/browser-pool.service';
import { pageNow } from '../src/browser/page-clock';
import { MAX_PAUSE_MS } from '../src/crawl/crawl-browser-pause.service';
import { loadExtractorConfig } from '../src/extractor.config';
import { browsersOfThisProcess, type ProcessInfo } from './browser-processes.harness';
import { TEST_REDIS_URL } from './extraction-queue.harness';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stopped = (tree: ProcessInfo[]) => tree.every((info) => info.state === 'T');
const running = (tree: ProcessInfo[]) => tree.every((info) => info.state !== 'T');
/** The crawl's Chromium (every process at nice 10 or lower) and the visitors' ones, of this process's workers. */
const browserTrees = () => {
  const trees = browsersOfThisProcess();
  return {
    crawl: trees.filter((tree) => tree.every((info) => info.nice >= 10)),
    visitors: trees.filter((tree) => tree.every((info) => info.nice < 10)),
  };
};

/** A hang guard, not a speed check: the worker looks every PRESENCE_POLL_MS, a loaded machine later. */
const HANG_GUARD_MS = 20_000;
/** Every process of each crawl browser `stopped` or `running`, and at least one such browser. */
const crawlBrowsers = (state: (tree: ProcessInfo[]) => boolean, what: string, timeoutMs = HANG_GUARD_MS) =>
  pollUntil(
    () => Promise.resolve(browserTrees().crawl),
    (trees) => trees.length > 0 && trees.every(state),
    what,
    timeoutMs,
    20,
  );

/**
 * Visitors first, in the browser too: while a single extraction runs on the machine, every worker there stops its
 * crawl Chromium, and continues it when the extraction ends (or after MAX_PAUSE_MS).
 */
describe('the crawl’s browser paused while a visitor’s extraction runs (real Chromium and Redis)', () => {
  let fixture: FixtureServer;
  const apps: INestApplication[] = [];

  /** Workers of one machine: the same queue prefix and host name. */
  const startWorkers = async (count: number) => {
    const config = loadExtractorConfig({
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: uniqueQueuePrefix('extractor-pause'),
      LOG_LEVEL: 'silent',
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
    });
    for (let i = 0; i < count; i++)
      apps.push(await createService({ name: 'extractor', module: AppModule.forRoot(config), port: 0 }));
    return apps;
  };

  beforeAll(async () => {
    fixture = await startFixtureServer();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(() => fixture.close());

  it('stops every process of a worker’s crawl Chromium while another worker runs a visitor’s extraction, its page’s time standing still, and continues it after', async () => {
    const [visitorWorker, crawlWorker] = await startWorkers(2);
    const crawlPage = await crawlWorker.get(BrowserPoolService).openPage('crawl');
    await crawlPage.page.goto(fixture.url('/pages/catalogue/lazy.html'));
    expect(browserTrees().crawl).toHaveLength(1);
    const lagBefore = Date.now() - pageNow(crawlPage.page);

    await visitorWorker.get(VisitorPresence).during(async () => {
      await crawlBrowsers(stopped, 'the crawl browser stopped');
      // The visitors' browsers render on; the crawl's page waits.
      const { crawl, visitors } = browserTrees();
      expect(crawl[0].length).toBeGreaterThan(2);
      expect(visitors.length).toBe(2);
      expect(visitors.every(running)).toBe(true);
      const visitorPage = await visitorWorker.get(BrowserPoolService).openPage('visitor');
      await visitorPage.page.goto(fixture.url('/pages/basic.html'));
      await visitorPage.close();
      let answered = false;
      void crawlPage.page.evaluate(() => 1).then(() => (answered = true));
      await sleep(1_000);
      expect(answered).toBe(false);
    });
    await crawlBrowsers(running, 'the crawl browser continued');
    expect(await crawlPage.page.evaluate(() => document.images.length)).toBeGreaterThan(0);
    // The page's time left the pause out: its waits and deadline were not spent while it could not work.
    expect(Date.now() - pageNow(crawlPage.page) - lagBefore).toBeGreaterThanOrEqual(1_000);
    await crawlPage.close();
  });

  it('continues the crawl’s browser after MAX_PAUSE_MS even while visitors keep coming', async () => {
    const [worker] = await startWorkers(1);
    const crawlPage = await worker.get(BrowserPoolService).openPage('crawl');
    await worker.get(VisitorPresence).during(async () => {
      await crawlBrowsers(stopped, 'the crawl browser stopped');
      const stoppedAt = Date.now();
      await crawlBrowsers(running, 'the crawl browser continued', MAX_PAUSE_MS + HANG_GUARD_MS);
      expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(MAX_PAUSE_MS - 100);
      expect(await crawlPage.page.evaluate(() => 1)).toBe(1);
    });
    await crawlPage.close();
  });

  it('a stopped browser whose worker is killed (kill -9) is continued, so it can notice and exit', async () => {
    // A worker in miniature: a group leader of its own (as Playwright launches Chromium), watched and stopped.
    const processGroup = join(__dirname, '../dist/browser/process-group.js');
    const worker = spawn(
      process.execPath,
      [
        '-e',
        `const { spawn } = require('node:child_process');
         const { continueWhenWorkerDies, signalGroup } = require(${JSON.stringify(processGroup)});
         const browser = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
         continueWhenWorkerDies(browser.pid);
         signalGroup(browser.pid, 'SIGSTOP');
         console.log(browser.pid);
         setInterval(() => undefined, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const browserPid = Number(String(await new Promise<Buffer>((resolve) => worker.stdout.once('data', resolve))));
    const state = () => readFileSync(`/proc/${browserPid}/stat`, 'utf8').split(') ')[1][0];
    try {
      await pollUntil(
        () => Promise.resolve(state()),
        (now) => now === 'T',
        'the browser stopped',
        HANG_GUARD_MS,
        20,
      );
      worker.kill('SIGKILL');
      await pollUntil(
        () => Promise.resolve(state()),
        (now) => now !== 'T',
        'the browser continued',
        HANG_GUARD_MS,
        20,
      );
    } finally {
      worker.kill('SIGKILL');
      execFileSync('kill', ['-9', String(browserPid)]);
    }
  });
});
