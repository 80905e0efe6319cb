import {
  ExtractorProcesses,
  FixtureServer,
  startFixtureServer,
  stillAliveAfter,
  uniqueQueuePrefix,
} from '@pixtract/testing';
import type { Job } from 'bullmq';
import { openExtractionQueue, TEST_REDIS_URL } from './extraction-queue.harness';

jest.setTimeout(60_000);

const SLOW_PAGE = '/delay/4000/pages/basic.html';

describe('worker processes', () => {
  let fixture: FixtureServer;
  let prefix: string;
  let queue: Awaited<ReturnType<typeof openExtractionQueue>>;
  let workers: ExtractorProcesses;

  beforeAll(async () => {
    fixture = await startFixtureServer();
  });
  afterAll(() => fixture.close());

  beforeEach(async () => {
    prefix = uniqueQueuePrefix('extractor-process');
    queue = await openExtractionQueue(prefix);
    workers = new ExtractorProcesses({ REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix });
  });

  afterEach(async () => {
    await workers.stopAll();
    await queue.close();
  });

  // How many times a worker took the job: BullMQ counts every move to active, a stalled job's second taking included.
  const timesTaken = async (job: Job) => (await queue.queue.getJob(job.id!))!.attemptsStarted;

  it('a worker killed mid-job: another worker takes over the same job and completes it', async () => {
    const first = await workers.start();
    const job = await queue.add(fixture.url(SLOW_PAGE), { mode: 'browser' });
    await queue.reached(job, 'loading', 20_000);
    expect(await job.getState()).toBe('active');

    // Chromium exits when its pipe to the dead worker closes; whatever lingers is removed in afterEach.
    await workers.kill(first);

    await workers.start();
    const result = await queue.finished(job, 40_000);

    expect(result.error).toBeUndefined();
    expect(result.files.map((file) => [file.width, file.height])).toEqual([
      [640, 480],
      [300, 200],
      [400, 200],
    ]);
    expect(fixture.requests.filter((path) => path === SLOW_PAGE)).toHaveLength(2);
    expect(await timesTaken(job)).toBe(2);
  });

  it('SIGTERM: the worker finishes its running jobs, takes no new one, closes Chromium and exits', async () => {
    const worker = await workers.start({ EXTRACTOR_CONCURRENCY: '2' });
    const running = [
      await queue.add(fixture.url('/delay/2000/pages/basic.html?running=1'), { mode: 'browser' }),
      await queue.add(fixture.url('/delay/2000/pages/basic.html?running=2'), { mode: 'browser' }),
    ];
    await Promise.all(running.map((job) => queue.reached(job, 'loading', 20_000)));
    const waiting = [
      await queue.add(fixture.url('/pages/basic.html?waiting=1'), { mode: 'static' }),
      await queue.add(fixture.url('/pages/basic.html?waiting=2'), { mode: 'static' }),
    ];
    const browserProcesses = worker.browserPids();
    expect(browserProcesses.length).toBeGreaterThan(0);

    worker.child.kill('SIGTERM');

    for (const job of running) expect((await queue.finished(job, 20_000)).files).toHaveLength(3);
    // Nest re-raises the signal once every shutdown hook has run: this exit is the end of a clean shutdown.
    expect(await worker.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await stillAliveAfter(browserProcesses, 3000)).toEqual([]);
    // The jobs that were waiting were never started by the worker that was stopping...
    for (const job of waiting)
      expect([job.id, await job.getState(), queue.progressOf(job)]).toEqual([job.id, 'waiting', []]);
    expect(await Promise.all(running.map(timesTaken))).toEqual([1, 1]);

    // ...and are done by the next one.
    await workers.start();
    for (const job of waiting) expect((await queue.finished(job, 20_000)).files).toHaveLength(3);
  });

  it('SIGTERM past the grace period: the worker exits and its unfinished job is handed back, then done once elsewhere', async () => {
    const slow = '/delay/6000/pages/basic.html?past-grace';
    const worker = await workers.start({ EXTRACTOR_SHUTDOWN_GRACE_MS: '1000' });
    const job = await queue.add(fixture.url(slow), { mode: 'browser' });
    await queue.reached(job, 'loading', 20_000);

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: null, signal: 'SIGTERM' });
    // Exited while its page was still loading: the job is back in the queue, not failed, not lost.
    expect(fixture.requests.filter((path) => path === slow)).toHaveLength(1);
    expect(await job.getState()).toBe('waiting');

    await workers.start();
    const result = await queue.finished(job, 30_000);
    expect(result.files).toHaveLength(3);
    expect(await timesTaken(job)).toBe(2);
    expect(await job.getState()).toBe('completed');
  });
});
