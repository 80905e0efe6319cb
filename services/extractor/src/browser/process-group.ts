import { spawn } from 'node:child_process';

/** How often the sentinel looks whether the worker is still there. */
const SENTINEL_POLL_S = 1;

/**
 * Stops (SIGSTOP) or continues (SIGCONT) a launched Chromium with every process it started: Playwright launches the
 * browser as the leader of a process group of its own, and its renderers, zygotes and utility processes stay in
 * it. A signal that cannot be sent is dropped: a browser not stopped is only not paused, and a pause is no reason
 * to fail a worker.
 */
export function signalGroup(leaderPid: number, signal: 'SIGSTOP' | 'SIGCONT'): void {
  try {
    process.kill(-leaderPid, signal);
  } catch {
    // Gone (ESRCH) or not ours (EPERM): nothing to stop or continue.
  }
}

/**
 * A stopped Chromium whose worker dies (kill -9) would stay stopped, never noticing its pipe closed: a small detached
 * shell, outside the group, continues it once the worker is gone, and ends with the browser.
 */
export function continueWhenWorkerDies(leaderPid: number): void {
  const script =
    `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${leaderPid} 2>/dev/null; do sleep ${SENTINEL_POLL_S}; done; ` +
    `kill -CONT -${leaderPid} 2>/dev/null`;
  spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' }).unref();
}
