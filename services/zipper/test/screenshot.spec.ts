import {
  QueueName,
  ScreenshotJobPayload,
  ScreenshotJobResult,
  screenshotBoxesKey,
  screenshotCacheKey,
  SCREENSHOT_CACHE_SECONDS,
} from '@pixtract/contracts';
import { createRedis, redisConnectionOptions } from '@pixtract/service-kit';
import { solidPng, TestWeb } from '@pixtract/testing';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { ZipperHarness, startZipper } from './zipper-harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SCREENSHOT = solidPng(120, 400);
const BOXES = { 'http://site.example/photo.jpg': { x: 8, y: 40, width: 100, height: 60 } };

describe('GET /api/proxy-image?fullpage=true (real Redis and BullMQ, a stand-in extractor worker)', () => {
  const web = new TestWeb();
  let zipper: ZipperHarness;
  let redis: Redis;
  let worker: Worker<ScreenshotJobPayload, ScreenshotJobResult>;
  const rendered: string[] = [];
  const run = Date.now();

  beforeAll(async () => {
    web.setRecords('site.example', ['93.184.216.50']);
    web.setRecords('broken.example', ['93.184.216.51']);
    zipper = await startZipper(web, { SCREENSHOT_WAIT_MS: '5000' });
    redis = createRedis(REDIS_URL, 'zipper-screenshot-test');
    worker = new Worker<ScreenshotJobPayload, ScreenshotJobResult>(
      QueueName.Screenshot,
      async (job) => {
        rendered.push(job.data.url);
        if (job.data.url.includes('broken')) throw new Error('page crashed');
        const cacheKey = screenshotCacheKey(job.data.url);
        await redis.set(
          screenshotBoxesKey(job.data.url),
          JSON.stringify({ boxes: BOXES }),
          'EX',
          SCREENSHOT_CACHE_SECONDS,
        );
        await redis.set(cacheKey, SCREENSHOT, 'EX', SCREENSHOT_CACHE_SECONDS);
        return { cacheKey, contentType: 'image/png', bytes: SCREENSHOT.length, width: 120, height: 400 };
      },
      { connection: redisConnectionOptions(REDIS_URL), prefix: zipper.queuePrefix },
    );
  });
  afterAll(async () => {
    await worker.close();
    await redis.quit();
    await zipper.close();
  });

  const screenshot = (url: string) =>
    fetch(`${zipper.base}/api/proxy-image?${new URLSearchParams({ url, fullpage: 'true' }).toString()}`);

  it('queues one render for concurrent requests, then answers from the cache', async () => {
    const url = `http://site.example/page-${run}`;
    const answers = await Promise.all([screenshot(url), screenshot(url)]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(SCREENSHOT);
    }
    const again = await screenshot(url);
    expect(again.status).toBe(200);
    expect(rendered.filter((page) => page === `${url}`)).toHaveLength(1);
    await redis.del(screenshotCacheKey(url));
  });

  it('answers 502 SCREENSHOT_FAILED when the worker fails', async () => {
    const res = await screenshot(`http://broken.example/${run}`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'SCREENSHOT_FAILED', message: 'Unable to load website screenshot' });
  });

  it('refuses a private address with 400 before queueing anything', async () => {
    const before = rendered.length;
    const res = await screenshot('http://169.254.169.254/');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BLOCKED_ADDRESS' });
    expect(rendered).toHaveLength(before);
  });

  describe('GET /api/screenshot-boxes', () => {
    const boxes = (query: Record<string, string>) =>
      fetch(`${zipper.base}/api/screenshot-boxes?${new URLSearchParams(query).toString()}`);

    it("answers where the images sit in the page's cached screenshot", async () => {
      const url = `http://site.example/boxes-${run}`;
      expect((await screenshot(url)).status).toBe(200);
      const res = await boxes({ url });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ boxes: BOXES });
      await redis.del(screenshotCacheKey(url), screenshotBoxesKey(url));
    });

    it('answers no boxes for a page with no cached screenshot, or boxes stored in another shape', async () => {
      expect(await (await boxes({ url: `http://site.example/never-${run}` })).json()).toEqual({ boxes: {} });
      const url = `http://site.example/odd-${run}`;
      for (const stored of ['{"boxes":[1,2]}', 'not json']) {
        await redis.set(screenshotBoxesKey(url), stored, 'EX', 60);
        expect(await (await boxes({ url })).json()).toEqual({ boxes: {} });
      }
      await redis.del(screenshotBoxesKey(url));
    });

    it('refuses a missing or private page URL with 400', async () => {
      const missing = await boxes({});
      expect(missing.status).toBe(400);
      expect(await missing.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const refused = await boxes({ url: 'http://169.254.169.254/' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ code: 'BLOCKED_ADDRESS' });
    });
  });
});

describe('full-page screenshots rendering at once (SCREENSHOT_RENDERS_AT_ONCE, across every extractor)', () => {
  const web = new TestWeb();
  let zipper: ZipperHarness;
  let redis: Redis;
  let queue: Queue;
  let worker: Worker<ScreenshotJobPayload, ScreenshotJobResult>;

  beforeAll(async () => {
    web.setRecords('busy.example', ['93.184.216.60']);
    zipper = await startZipper(web, { SCREENSHOT_WAIT_MS: '60000', SCREENSHOT_RENDERS_AT_ONCE: '1' });
    redis = createRedis(REDIS_URL, 'zipper-screenshot-bound-test');
    queue = new Queue(QueueName.Screenshot, {
      connection: redisConnectionOptions(REDIS_URL),
      prefix: zipper.queuePrefix,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await queue.close();
    await redis.quit();
    await zipper.close();
  });

  it('renders one page at a time however many a worker could take, and queues the others until their turn', async () => {
    const pages = [1, 2, 3].map((n) => `http://busy.example/page-${n}-${Date.now()}`);
    let rendering = 0;
    let most = 0;
    let finished = 0;
    worker = new Worker<ScreenshotJobPayload, ScreenshotJobResult>(
      QueueName.Screenshot,
      async (job) => {
        most = Math.max(most, ++rendering);
        // This render ends only once every other unfinished page waits in the queue: were the bound not held, the
        // worker (4 at once) would have taken them and they would never all be waiting.
        while ((await queue.getWaitingCount()) < pages.length - 1 - finished)
          await new Promise((resolve) => setTimeout(resolve, 20));
        const cacheKey = screenshotCacheKey(job.data.url);
        await redis.set(cacheKey, SCREENSHOT, 'EX', SCREENSHOT_CACHE_SECONDS);
        rendering -= 1;
        finished += 1;
        return { cacheKey, contentType: 'image/png', bytes: SCREENSHOT.length, width: 120, height: 400 };
      },
      { connection: redisConnectionOptions(REDIS_URL), prefix: zipper.queuePrefix, concurrency: 4 },
    );
    const answers = await Promise.all(
      pages.map((url) =>
        fetch(`${zipper.base}/api/proxy-image?${new URLSearchParams({ url, fullpage: 'true' }).toString()}`),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(most).toBe(1);
    await redis.del(...pages.map(screenshotCacheKey));
  });
});
