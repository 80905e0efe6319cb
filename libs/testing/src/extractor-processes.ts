import { freePort } from './free-port';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const WORKER_ENTRY = join(ROOT, 'services', 'extractor', 'dist', 'main.js');

/**
 * Test-sized BullMQ timings: a dead worker's lock lapses in 4 s and the others look for stalled jobs every
 * second, so a job is handed on within seconds instead of the production 30 s (docs/decisions/operations.md).
 */
export const FAST_STALL_ENV = { EXTRACTOR_LOCK_DURATION_MS: '4000', EXTRACTOR_STALLED_INTERVAL_MS: '1000' };

export interface ExtractorProcess {
  child: ChildProcess;
  /** Its health port: /health, /ready, /metrics. */
  base: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Its Chromium and the helpers Chromium started. */
  browserPids(): number[];
}

function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** A zombie (exited, not yet reaped) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Resolves with the pids still alive after `graceMs` (Chromium's helpers leave a moment after the browser). */
export async function stillAliveAfter(pids: number[], graceMs: number): Promise<number[]> {
  const until = Date.now() + graceMs;
  while (pids.some(isAlive) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(isAlive);
}

/**
 * Real extractor processes (the built dist, as `npm start` and docker compose run them) on one Redis and queue
 * prefix. stopAll() kills whatever is left, Chromium included; call it in afterEach/afterAll.
 */
export class ExtractorProcesses {
  private readonly started: ExtractorProcess[] = [];
  private readonly leftovers = new Set<number>();

  constructor(private readonly env: NodeJS.ProcessEnv) {
    if (!existsSync(WORKER_ENTRY)) throw new Error('build first: npx nx run-many -t build');
  }

  async start(env: NodeJS.ProcessEnv = {}): Promise<ExtractorProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [WORKER_ENTRY], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
        ...FAST_STALL_ENV,
        ...this.env,
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const worker: ExtractorProcess = {
      child,
      base: `http://127.0.0.1:${port}`,
      exited,
      browserPids: () => {
        const pids = descendants(child.pid!);
        pids.forEach((pid) => this.leftovers.add(pid));
        return pids;
      },
    };
    this.started.push(worker);
    return worker;
  }

  /**
   * Starts one and waits until its /ready answers 200 (Redis reachable, Chromium launched). The port is chosen free
   * before the worker listens on it, and something else may take it meanwhile (EADDRINUSE): a worker that exits
   * before it is ready is started again on another port, three times at most.
   */
  async startReady(env: NodeJS.ProcessEnv = {}, timeoutMs = 30_000): Promise<ExtractorProcess> {
    for (let attempt = 1; ; attempt++) {
      const worker = await this.start(env);
      if (await untilReady(worker, timeoutMs, () => worker.child.exitCode !== null)) return worker;
      if (attempt === 3) throw new Error(`the extractor exited before it was ready, ${attempt} times`);
    }
  }

  /** SIGKILL, as the kernel's OOM killer or a pulled plug would: no shutdown hook runs. */
  async kill(worker: ExtractorProcess): Promise<void> {
    worker.browserPids();
    worker.child.kill('SIGKILL');
    await worker.exited;
  }

  async stopAll(): Promise<void> {
    for (const worker of this.started.splice(0)) {
      if (worker.child.exitCode !== null || worker.child.signalCode !== null) continue;
      worker.browserPids();
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    for (const pid of [...this.leftovers].filter(isAlive)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    this.leftovers.clear();
  }
}

/** Polls a worker's /ready until it answers 200; resolves false at once when `gone` says the process has exited. */
export async function untilReady(
  worker: Pick<ExtractorProcess, 'base'>,
  timeoutMs: number,
  gone: () => boolean = () => false,
): Promise<boolean> {
  return untilStatus(`${worker.base}/ready`, 200, timeoutMs, gone);
}

/** Polls a URL until it answers `status` (connection errors count as not yet); false when `gone` says to stop. */
export async function untilStatus(
  url: string,
  status: number,
  timeoutMs: number,
  gone: () => boolean = () => false,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(3000) }).then(
      (res) => res.status,
      () => undefined,
    );
    if (answered === status) return true;
    if (gone()) return false;
    if (Date.now() > until)
      throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${answered ?? 'no answer'})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
