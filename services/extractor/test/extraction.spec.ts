import { INestApplication } from '@nestjs/common';
import { ERROR_MESSAGES } from '@pixtract/contracts';
import { createService } from '@pixtract/service-kit';
import { baseUrlOf, FixtureServer, metricValue, startFixtureServer, uniqueQueuePrefix } from '@pixtract/testing';
import { execFileSync } from 'node:child_process';
import { AddressInfo } from 'node:net';
import { AppModule } from '../src/app.module';
import { BrowserPoolService } from '../src/browser/browser-pool.service';
import { loadExtractorConfig } from '../src/extractor.config';
import { openExtractionQueue, TEST_REDIS_URL } from './extraction-queue.harness';

jest.setTimeout(30_000);

const JOB_TIMEOUT_MS = 6000;

async function startWorker(prefix: string, env: Record<string, string>): Promise<INestApplication> {
  const config = loadExtractorConfig({
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    EXTRACTOR_JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS),
    ...env,
  });
  return createService({ name: 'extractor', module: AppModule.forRoot(config), port: 0 });
}

/** Chromium processes this jest worker launched (Playwright spawns the browser as our direct child). */
function ourChromiumPids(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), 'chrom'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
}

let fixture: FixtureServer;

beforeAll(async () => {
  fixture = await startFixtureServer({
    handle: (req, res) => {
      if (req.url === '/redirect-to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return true;
      }
      if (req.url === '/missing.html') {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1><img src="/images/10x10.png">');
        return true;
      }
      if (req.url === '/report.pdf') {
        res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4');
        return true;
      }
      if (req.url === '/streaming.html') {
        // A page that never finishes loading: its picture comes first, then more of the page every 200 ms, for ever.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write('<!doctype html><title>streaming</title><img src="/images/200x100.png?c=5a5a5a" alt="Early">');
        const more = setInterval(() => res.write(`<!-- ${'.'.repeat(1024)} -->`), 200);
        res.once('close', () => clearInterval(more));
        return true;
      }
      if (req.url === '/runaway.html') {
        // Loads fine, then its script never yields: only closing the context stops it.
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<img src="/images/10x10.png"><script>setTimeout(() => { for (;;) {} }, 50)</script>');
        return true;
      }
      return false;
    },
  });
});
afterAll(() => fixture.close());

describe('extraction worker (private networks allowed for the fixture)', () => {
  const prefix = uniqueQueuePrefix('extractor');
  let app: INestApplication;
  let queue: Awaited<ReturnType<typeof openExtractionQueue>>;

  beforeAll(async () => {
    app = await startWorker(prefix, { PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' });
    queue = await openExtractionQueue(prefix);
  });
  afterAll(async () => {
    await queue.close();
    await app.close();
  });

  it('answers /ready with Redis and the browser up', async () => {
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const res = await fetch(`http://127.0.0.1:${port}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { redis: 'ok', browser: 'ok' } });
  });

  it('exports its metrics on its port: each attempt by method and outcome, images found, queue wait, browser restarts', async () => {
    const scrape = async () => (await fetch(`${baseUrlOf(app.getHttpServer())}/metrics`)).text();
    const before = await scrape();
    const count = (text: string, labels: Record<string, string>) =>
      metricValue(text, 'pixtract_extraction_duration_seconds_count', labels) ?? 0;
    await queue.finished(await queue.add(fixture.url('/pages/basic.html'), { mode: 'static' }), 20_000);
    await queue.finished(await queue.add(fixture.url('/redirect-to-metadata'), { mode: 'static' }), 20_000);

    const after = await scrape();
    expect(count(after, { method: 'static', outcome: 'success' })).toBe(
      count(before, { method: 'static', outcome: 'success' }) + 1,
    );
    expect(count(after, { method: 'static', outcome: 'page_error' })).toBe(
      count(before, { method: 'static', outcome: 'page_error' }) + 1,
    );
    expect(metricValue(after, 'pixtract_extraction_images_found_sum', { method: 'static' })).toBeGreaterThanOrEqual(3);
    expect(metricValue(after, 'pixtract_extraction_queue_wait_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(metricValue(after, 'pixtract_browser_restarts_total', { reason: 'crashed' })).toBe(0);
    expect(metricValue(after, 'pixtract_browser_restarts_total', { reason: 'recycled' })).toBe(0);
    expect(metricValue(after, 'pixtract_process_resident_memory_bytes', { service: 'extractor' })).toBeGreaterThan(0);
  });

  it('extracts the three images of the basic page, the srcset as its largest candidate', async () => {
    const job = await queue.add(fixture.url('/pages/basic.html'), { mode: 'browser' });
    const result = await queue.finished(job, 20_000);

    expect(result.error).toBeUndefined();
    expect(result.sourceUrl).toBe(fixture.url('/pages/basic.html'));
    expect(result.totalImagesFound).toBe(3);
    expect(result.performanceInfo.method).toBe('browser');
    expect(
      result.files.map(({ fileUrl, width, height, sourceNode, position, extension, fileType }) => ({
        fileUrl,
        width,
        height,
        sourceNode,
        position,
        extension,
        fileType,
      })),
    ).toEqual([
      {
        fileUrl: fixture.url('/images/640x480.png?c=4682b4'),
        width: 640,
        height: 480,
        sourceNode: 'img',
        position: 0,
        extension: 'png',
        fileType: 'image',
      },
      {
        fileUrl: fixture.url('/images/300x200.png?c=b44646'),
        width: 300,
        height: 200,
        sourceNode: 'img',
        position: 1,
        extension: 'png',
        fileType: 'image',
      },
      {
        fileUrl: fixture.url('/images/400x200.png?c=46b446'),
        width: 400,
        height: 200,
        sourceNode: 'srcset',
        position: 2,
        extension: 'png',
        fileType: 'image',
      },
    ]);
    expect(result.files.map((file) => file.alt)).toEqual(['Blue lake', 'Red barn', undefined]);
    expect(Number.isNaN(Date.parse(result.files[0].extractedTime ?? ''))).toBe(false);

    const events = queue.progressOf(job);
    const stages = events.map((event) => event.stage).filter((name, index, all) => name !== all[index - 1]);
    expect(stages).toEqual(['loading', 'scrolling', 'collecting', 'measuring', 'done']);
    const percents = events.map((event) => event.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // Measuring fills its band as files are answered: 75 at its start, then a step for each of the first two of three.
    // (The same percent again is the bar's tick on a loaded machine: the time and bytes moved, the stage did not.)
    const measuring = [...new Set(events.filter((event) => event.stage === 'measuring').map((event) => event.percent))];
    expect(measuring).toEqual([75, 83, 92]);
    expect(queue.progressOf(job).at(-1)).toEqual({
      stage: 'done',
      percent: 100,
      imagesFound: 3,
      elapsedMs: expect.any(Number),
      bytesReceived: expect.any(Number),
    });
    // Every event says how long the job has run and how many bytes the page brought so far.
    expect(events.map((event) => event.elapsedMs)).toEqual(
      [...events.map((event) => event.elapsedMs!)].sort((a, b) => a - b),
    );
    expect(events.at(-1)!.bytesReceived).toBeGreaterThan(0);
  });

  it('sends the images found so far before measuring them, no more than the preview limit', async () => {
    const job = await queue.add(fixture.url('/pages/basic.html'), { mode: 'browser', previewLimit: 2 });
    await queue.finished(job, 30_000);
    const measuring = queue.progressOf(job).find((event) => event.stage === 'measuring');
    expect(measuring?.imagesFound).toBe(3);
    expect(measuring?.files?.map((file) => file.fileUrl)).toEqual([
      fixture.url('/images/640x480.png?c=4682b4'),
      fixture.url('/images/300x200.png?c=b44646'),
    ]);
    expect(measuring?.files?.[0]).toMatchObject({ alt: 'Blue lake', sourceNode: 'img', position: 0 });
  });

  it('reports a redirect to the metadata address as the refusal, without its content', async () => {
    const job = await queue.add(fixture.url('/redirect-to-metadata'), { mode: 'browser' });
    const result = await queue.finished(job, 20_000);
    expect(result).toMatchObject({
      error: ERROR_MESSAGES.BLOCKED_ADDRESS,
      errorCode: 'BLOCKED_ADDRESS',
      files: [],
      totalImagesFound: 0,
    });
  });

  it.each(['browser', 'static'] as const)('words a 404 page as a warning with its code (%s path)', async (mode) => {
    const job = await queue.add(fixture.url('/missing.html'), { mode });
    const result = await queue.finished(job, 20_000);
    expect(result.performanceInfo.method).toBe(mode);
    expect(result.error).toBeUndefined();
    expect(result.errorCode).toBeUndefined();
    expect(result.warnings).toEqual(['The page answered with HTTP status 404.']);
    expect(result.warningDetails).toEqual([{ code: 'HTTP_STATUS', values: { status: 404 } }]);
    expect(result.files.map((file) => file.fileUrl)).toEqual([fixture.url('/images/10x10.png')]);
  });

  it('words an address that is not a web page as a warning with its code', async () => {
    const job = await queue.add(fixture.url('/report.pdf'), { mode: 'static' });
    const result = await queue.finished(job, 20_000);
    expect(result.warnings).toEqual(['The address serves application/pdf, not a web page.']);
    expect(result.warningDetails).toEqual([{ code: 'NOT_HTML', values: { type: 'application/pdf' } }]);
  });

  it('answers a page still loading when its time runs out with what it shows so far, the bar moving meanwhile (issue 17.1)', async () => {
    const job = await queue.add(fixture.url('/streaming.html'), { mode: 'browser' });
    const result = await queue.finished(job, JOB_TIMEOUT_MS + 10_000);
    expect(result.error).toBeUndefined();
    expect(result.files.map((file) => [file.fileUrl, file.width, file.height])).toEqual([
      [fixture.url('/images/200x100.png?c=5a5a5a'), 200, 100],
    ]);
    // Loading may use half the job's time (3 s here): the page is taken as it stands then.
    const [warning] = result.warningDetails ?? [];
    expect(warning).toEqual({ code: 'STILL_LOADING', values: { seconds: expect.any(Number) } });
    const seconds = warning.code === 'STILL_LOADING' ? warning.values.seconds : 0;
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(seconds).toBeLessThan(JOB_TIMEOUT_MS / 1000);
    expect(result.warnings).toEqual([`The page was still loading; showing what was found in ${seconds} s.`]);

    // While it loads, the bar hears every 500 ms: time and bytes go up, and so does the bar within its band.
    const loading = queue.progressOf(job).filter((event) => event.stage === 'loading');
    expect(loading.length).toBeGreaterThanOrEqual(4);
    const elapsed = loading.map((event) => event.elapsedMs!);
    const bytes = loading.map((event) => event.bytesReceived!);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    expect(bytes.at(-1)).toBeGreaterThan(bytes[0]);
    expect(loading.at(-1)!.percent).toBeGreaterThan(loading[0].percent);
    expect(loading.at(-1)!.percent).toBeLessThan(25);
  });

  it('stops a runaway page at the job time limit', async () => {
    const job = await queue.add(fixture.url('/runaway.html'), { mode: 'browser' });
    const result = await queue.finished(job, JOB_TIMEOUT_MS + 10_000);
    expect(result).toMatchObject({
      error: ERROR_MESSAGES.PAGE_TIMEOUT,
      errorCode: 'PAGE_TIMEOUT',
      files: [],
      warningDetails: [],
    });
    // Stopped by the limit (not before), and the wait above gives up 10 s after it: a page left running fails there.
    expect(result.performanceInfo.timeMs).toBeGreaterThanOrEqual(JOB_TIMEOUT_MS);
  });

  it('survives a browser crash: the attempt fails, the browser is relaunched and the retry succeeds', async () => {
    const job = await queue.add(fixture.url('/delay/1500/pages/basic.html'), { attempts: 2, mode: 'browser' });
    await queue.reached(job, 'loading', 10_000);
    const [browserPid] = ourChromiumPids();
    expect(browserPid).toBeGreaterThan(0);
    process.kill(browserPid, 'SIGKILL');

    const result = await queue.finished(job, 25_000);
    expect(result.files).toHaveLength(3);
    expect((await queue.queue.getJob(job.id!))?.attemptsStarted).toBe(2);
    expect(app.get(BrowserPoolService).isConnected()).toBe(true);
    const metrics = await (await fetch(`${baseUrlOf(app.getHttpServer())}/metrics`)).text();
    expect(metricValue(metrics, 'pixtract_browser_restarts_total', { reason: 'crashed' })).toBe(1);
    expect(
      metricValue(metrics, 'pixtract_extraction_duration_seconds_count', { method: 'browser', outcome: 'failed' }),
    ).toBe(1);
  });
});

describe('extraction worker (default policy: private networks refused)', () => {
  const prefix = uniqueQueuePrefix('extractor-policy');
  let app: INestApplication;
  let queue: Awaited<ReturnType<typeof openExtractionQueue>>;

  beforeAll(async () => {
    app = await startWorker(prefix, {});
    queue = await openExtractionQueue(prefix);
  });
  afterAll(async () => {
    await queue.close();
    await app.close();
  });

  it.each([
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['the loopback fixture server', '/pages/basic.html'],
  ])('refuses %s before any page is opened', async (_label, target) => {
    const openPage = jest.spyOn(app.get(BrowserPoolService), 'openPage');
    // Browser mode: in auto mode the static fetch would refuse the address too, and no page would open either way.
    const job = await queue.add(target.startsWith('/') ? fixture.url(target) : target, { mode: 'browser' });
    const result = await queue.finished(job, 10_000);
    expect(result).toMatchObject({
      error: ERROR_MESSAGES.BLOCKED_ADDRESS,
      errorCode: 'BLOCKED_ADDRESS',
      files: [],
      totalImagesFound: 0,
    });
    expect(openPage).not.toHaveBeenCalled();
    openPage.mockRestore();
  });
});
