import { FixtureServer, freePort, startFixtureServer, uniqueQueuePrefix } from '@pixtract/testing';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openExtractionQueue, TEST_REDIS_URL } from './extraction-queue.harness';

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..', '..');
const WORKER_ENTRY = join(ROOT, 'services', 'extractor', 'dist', 'main.js');
const SLOW_PAGE = '/delay/4000/pages/basic.html';

function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** A zombie (exited, not yet reaped) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Chromium's helper processes (crash handler) leave a moment after the browser. */
async function stillAliveAfter(pids: number[], graceMs: number): Promise<number[]> {
  const until = Date.now() + graceMs;
  while (pids.some(isAlive) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(isAlive);
}

describe('worker processes', () => {
  const workers: ChildProcess[] = [];
  const leftovers: number[] = [];
  let fixture: FixtureServer;
  let prefix: string;
  let queue: Awaited<ReturnType<typeof openExtractionQueue>>;

  async function startWorker(): Promise<ChildProcess> {
    const child = spawn(process.execPath, [WORKER_ENTRY], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(await freePort()),
        REDIS_URL: TEST_REDIS_URL,
        QUEUE_PREFIX: prefix,
        PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
        EXTRACTOR_LOCK_DURATION_MS: '4000',
        EXTRACTOR_STALLED_INTERVAL_MS: '1000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    if (!existsSync(WORKER_ENTRY)) throw new Error('build first: npx nx run-many -t build');
    fixture = await startFixtureServer();
  });
  afterAll(() => fixture.close());

  beforeEach(async () => {
    prefix = uniqueQueuePrefix('extractor-process');
    queue = await openExtractionQueue(prefix);
  });

  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      if (worker.exitCode !== null || worker.signalCode !== null) continue;
      leftovers.push(...descendants(worker.pid!));
      worker.kill('SIGKILL');
    }
    killAll(leftovers.splice(0).filter(isAlive));
    await queue.close();
  });

  it('a worker killed mid-job: another worker takes over the same job and completes it', async () => {
    const first = await startWorker();
    const job = await queue.add(fixture.url(SLOW_PAGE), { mode: 'browser' });
    await queue.reached(job, 'loading', 20_000);
    expect(await job.getState()).toBe('active');

    // Chromium exits when its pipe to the dead worker closes; whatever lingers is removed in afterEach.
    leftovers.push(...descendants(first.pid!));
    const exited = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await exited;

    await startWorker();
    const result = await queue.finished(job, 40_000);

    expect(result.error).toBeUndefined();
    expect(result.files.map((file) => [file.width, file.height])).toEqual([
      [640, 480],
      [300, 200],
      [400, 200],
    ]);
    expect(fixture.requests.filter((path) => path === SLOW_PAGE)).toHaveLength(2);
    expect(queue.progressOf(job).filter((event) => event.stage === 'loading')).toHaveLength(2);
  });

  it('SIGTERM: the worker finishes its in-flight job, closes Chromium and exits', async () => {
    const worker = await startWorker();
    const job = await queue.add(fixture.url('/delay/2000/pages/basic.html'), { mode: 'browser' });
    await queue.reached(job, 'loading', 20_000);
    const browserProcesses = descendants(worker.pid!);
    expect(browserProcesses.length).toBeGreaterThan(0);

    const exited = new Promise((resolve) => worker.once('exit', (code, signal) => resolve({ code, signal })));
    worker.kill('SIGTERM');

    expect((await queue.finished(job, 20_000)).files).toHaveLength(3);
    // Nest re-raises the signal once every shutdown hook has run: this exit is the end of a clean shutdown.
    expect(await exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(await stillAliveAfter(browserProcesses, 3000)).toEqual([]);
  });
});
