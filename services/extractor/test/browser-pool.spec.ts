import { INestApplication } from '@nestjs/common';
import { createService } from '@pixtract/service-kit';
import { FixtureServer, startFixtureServer, uniqueQueuePrefix } from '@pixtract/testing';
import { AppModule } from '../src/app.module';
import { BrowserLane } from '../src/browser/browser-lane';
import { BrowserPoolService } from '../src/browser/browser-pool.service';
import { loadExtractorConfig } from '../src/extractor.config';
import { browsersOfThisProcess, type ProcessInfo } from './browser-processes.harness';
import { TEST_REDIS_URL } from './extraction-queue.harness';

jest.setTimeout(60_000);

const renderers = (tree: ProcessInfo[]) => tree.filter((info) => info.args.includes('--type=renderer'));

/**
 * A crawl shares the worker's cores with visitors' pages: its pages render in a Chromium of their own, started at
 * a lower CPU priority (EXTRACTOR_CRAWL_NICENESS), so the operating system serves a visitor's page first.
 */
describe('the browsers of a worker (real Chromium)', () => {
  let fixture: FixtureServer;
  const apps: INestApplication[] = [];

  const startWorker = async (env: NodeJS.ProcessEnv = {}) => {
    const config = loadExtractorConfig({
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: uniqueQueuePrefix('extractor-browsers'),
      LOG_LEVEL: 'silent',
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
      ...env,
    });
    const app = await createService({ name: 'extractor', module: AppModule.forRoot(config), port: 0 });
    apps.push(app);
    return app.get(BrowserPoolService);
  };

  beforeAll(async () => {
    fixture = await startFixtureServer();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('renders a crawl’s pages at nice 10 in a browser of their own, a visitor’s at the worker’s priority', async () => {
    const pool = await startWorker();
    const [visitorPage, crawlPage] = [await pool.openPage('visitor'), await pool.openPage('crawl')];
    expect(crawlPage.browser).not.toBe(visitorPage.browser);
    await Promise.all([visitorPage, crawlPage].map(({ page }) => page.goto(fixture.url('/pages/catalogue/lazy.html'))));

    const trees = browsersOfThisProcess();
    expect(trees).toHaveLength(2);
    // Every process of the crawl's browser, its renderers included, kept the lower priority (Chromium, as root,
    // would set its renderers to 0 and its main threads to -8: it was started unable to).
    const [niced, own] = [
      trees.filter((tree) => tree.every((info) => info.nice >= 10)),
      trees.filter((tree) => tree.every((info) => info.nice < 10)),
    ];
    expect([niced.length, own.length]).toEqual([1, 1]);
    expect(renderers(niced[0]).length).toBeGreaterThan(0);
    expect(renderers(own[0]).length).toBeGreaterThan(0);
    await Promise.all([visitorPage.close(), crawlPage.close()]);
  });

  it('renders a crawl’s pages in the visitors’ browser when EXTRACTOR_CRAWL_NICENESS is 0', async () => {
    const pool = await startWorker({ EXTRACTOR_CRAWL_NICENESS: '0' });
    const [visitorPage, crawlPage] = [await pool.openPage('visitor'), await pool.openPage('crawl')];
    expect(crawlPage.browser).toBe(visitorPage.browser);
    expect(browsersOfThisProcess()).toHaveLength(1);
    await Promise.all([visitorPage.close(), crawlPage.close()]);
  });
});

describe('a browser lane that closes when idle (real Chromium)', () => {
  it('hands the next page the one it prepared, closes its browser with it when idle, and launches one again', async () => {
    const restarts: string[] = [];
    const lane = new BrowserLane({
      name: 'crawl',
      executablePath: loadExtractorConfig({ REDIS_URL: TEST_REDIS_URL }).CHROMIUM_PATH,
      proxyUrl: 'http://127.0.0.1:9',
      recycleAfterPages: 100,
      idleCloseMs: 1_500,
      onRestart: (reason) => restarts.push(reason),
    });
    try {
      const first = await lane.openPage();
      const { browser } = first;
      expect(browser.contexts()).toHaveLength(1);
      await first.close();
      // The next page is prepared once this one is done, in the same browser.
      while (browser.contexts().length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const prepared = browser.contexts()[0];
      const second = await lane.openPage();
      expect(second.browser).toBe(browser);
      expect(browser.contexts()).toEqual([prepared]);
      const closed = new Promise((resolve) => browser.once('disconnected', resolve));
      await second.close();
      // A prepared page does not keep the browser: it closes with it once no page was asked for.
      await closed;
      expect(lane.isConnected()).toBe(false);

      const third = await lane.openPage();
      expect(third.browser).not.toBe(browser);
      expect(third.browser.isConnected()).toBe(true);
      await third.close();
      // Closing an idle browser is not a crash.
      expect(restarts).toEqual([]);
    } finally {
      await lane.shutdown();
    }
  });
});
