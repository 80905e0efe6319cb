import { INestApplication } from '@nestjs/common';
import {
  JobName,
  QueueName,
  SCREENSHOT_CACHE_SECONDS,
  screenshotBoxesKey,
  screenshotBoxesSchema,
  screenshotCacheKey,
  ScreenshotJobPayload,
  ScreenshotJobResult,
} from '@pixtract/contracts';
import { createService, redisConnectionOptions } from '@pixtract/service-kit';
import { FixtureServer, startFixtureServer, uniqueQueuePrefix } from '@pixtract/testing';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { AppModule } from '../src/app.module';
import { readImageHeader } from '@pixtract/image-header';
import { loadExtractorConfig } from '../src/extractor.config';
import { TEST_REDIS_URL } from './extraction-queue.harness';

jest.setTimeout(30_000);

describe('screenshot jobs', () => {
  const prefix = uniqueQueuePrefix('extractor-screenshot');
  const connection = redisConnectionOptions(TEST_REDIS_URL);
  let fixture: FixtureServer;
  let app: INestApplication;
  let queue: Queue<ScreenshotJobPayload, ScreenshotJobResult>;
  let events: QueueEvents;
  let redis: Redis;
  const keys: string[] = [];

  beforeAll(async () => {
    fixture = await startFixtureServer();
    const config = loadExtractorConfig({
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'silent',
      PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
      SCREENSHOT_MAX_HEIGHT_PX: '2000',
      SCREENSHOT_JPEG_QUALITY: '50',
    });
    app = await createService({ name: 'extractor', module: AppModule.forRoot(config), port: 0 });
    queue = new Queue(QueueName.Screenshot, { connection, prefix });
    events = new QueueEvents(QueueName.Screenshot, { connection, prefix });
    await events.waitUntilReady();
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    if (keys.length) await redis.del(...keys);
    await queue.obliterate({ force: true }).catch(() => undefined);
    await Promise.all([queue.close(), events.close()]);
    redis.disconnect();
    await app.close();
    await fixture.close();
  });

  it('renders the full page, caps its height, stores a JPEG in Redis for the cache time and answers where', async () => {
    // lazy.html is over 3,000 px tall.
    const url = fixture.url('/pages/catalogue/lazy.html');
    keys.push(screenshotCacheKey(url));
    const job = await queue.add(JobName.Screenshot, { url, requestId: 'req-shot' });
    const result = await job.waitUntilFinished(events, 25_000);

    expect(result).toEqual({
      cacheKey: screenshotCacheKey(url),
      contentType: 'image/jpeg',
      bytes: expect.any(Number),
      width: 1366,
      height: 2000,
    });
    const stored = await redis.getBuffer(result.cacheKey);
    expect(stored?.length).toBe(result.bytes);
    expect(readImageHeader(stored!)).toEqual({ mimeType: 'image/jpeg', width: 1366, height: 2000 });
    const ttl = await redis.ttl(result.cacheKey);
    expect(ttl).toBeGreaterThan(SCREENSHOT_CACHE_SECONDS - 30);
    expect(ttl).toBeLessThanOrEqual(SCREENSHOT_CACHE_SECONDS);
  });

  it('stores where each image sits in the screenshot, every srcset candidate too, and nothing below the cut', async () => {
    const url = fixture.url('/pages/catalogue/lazy.html');
    keys.push(screenshotCacheKey(url), screenshotBoxesKey(url));
    const job = await queue.add(JobName.Screenshot, { url });
    await job.waitUntilFinished(events, 25_000);

    const { boxes } = screenshotBoxesSchema.parse(JSON.parse((await redis.get(screenshotBoxesKey(url))) ?? 'null'));
    const image = (path: string) => boxes[fixture.url(path)];
    // Found by the lazy attributes, as the extraction finds them: the first image sits at the top left.
    expect(image('/images/640x360.png?c=440001')).toEqual({
      x: 8,
      y: expect.any(Number),
      width: expect.any(Number),
      height: expect.any(Number),
    });
    expect(image('/images/640x360.png?c=440001').y).toBeLessThan(100);
    expect(image('/images/640x360.png?c=440002')).toBeDefined();
    expect(image('/images/320x180.png?c=440002')).toEqual(image('/images/640x360.png?c=440002'));
    expect(image('/images/500x300.png?c=440003')).toBeDefined();
    // Past the 3,000 px spacer, below the 2,000 px cut.
    expect(image('/images/700x400.png?c=440006')).toBeUndefined();
    expect(image('/images/800x200.png?c=440007')).toBeUndefined();
    expect(await redis.ttl(screenshotBoxesKey(url))).toBeGreaterThan(SCREENSHOT_CACHE_SECONDS - 30);
  });

  it('stores no picture of an error page: a page that answers 404 fails the screenshot', async () => {
    const url = fixture.url('/pages/no-such-page.html');
    keys.push(screenshotCacheKey(url));
    const job = await queue.add(JobName.Screenshot, { url });
    await expect(job.waitUntilFinished(events, 25_000)).rejects.toThrow(/the page answered 404/);
    expect(await redis.exists(screenshotCacheKey(url))).toBe(0);
  });

  it('fails a screenshot of a refused address without retrying', async () => {
    const job = await queue.add(
      JobName.Screenshot,
      { url: 'http://169.254.169.254/latest/meta-data/' },
      { attempts: 3 },
    );
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/private or local network/);
    expect((await queue.getJob(job.id!))?.attemptsMade).toBe(1);
  });
});
