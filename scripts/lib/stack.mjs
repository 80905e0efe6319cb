// Runs the processes of a stack side by side: prefixed, coloured logs; waits until each one's
// readiness URL answers 200; notices the first one that exits unexpectedly; stops them all.
import { spawn } from 'node:child_process';
import { terminate } from './exec.mjs';
import { formatLogLine } from './log-format.mjs';
import { sleep } from './net.mjs';
import { PREFIX_COLOURS, eachLine } from './output.mjs';
import { ROOT } from './paths.mjs';

const RECENT_LINES = 40;

/** A process of the stack failed; `lastLines` are its latest log lines, to show the reason. */
export class StackFailure extends Error {
  name = 'StackFailure';

  constructor(message, { service, lastLines = [] }) {
    super(message);
    this.service = service;
    this.lastLines = lastLines;
  }
}

async function answers200(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts every process ({ name, command, args, env, cwd?, readyUrl? }) at once. Their output goes,
 * line by line with a `[name]` prefix, to `output` (the terminal, or a log file for the e2e stack).
 * Processes run in their own process groups: a terminal's Ctrl-C reaches only the caller, which
 * stops the stack in order.
 * @param {Array<{ name: string, command: string, args: string[], env?: Record<string, string | undefined>, cwd?: string, readyUrl?: string }>} processes
 * @param {{ output?: NodeJS.WritableStream, graceMs?: number }} [options]
 */
export function launchStack(processes, { output = process.stdout, graceMs = 10_000 } = {}) {
  const width = Math.max(...processes.map((spec) => spec.name.length)) + 2;
  let stopping = false;
  let reportFailure;
  /** Settles with a StackFailure when a process exits while the stack is meant to run. */
  const failed = new Promise((resolve) => (reportFailure = resolve));

  const members = processes.map((spec, index) => {
    const prefix = PREFIX_COLOURS[index % PREFIX_COLOURS.length](`[${spec.name}]`.padEnd(width));
    const recent = [];
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd ?? ROOT,
      env: { ...process.env, ...spec.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const record = (line) => {
      if (line.trim() === '') return;
      recent.push(line);
      if (recent.length > RECENT_LINES) recent.shift();
      output.write(`${prefix} ${formatLogLine(line)}\n`);
    };
    eachLine(child.stdout, record);
    eachLine(child.stderr, record);
    const exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal }));
      child.on('error', (error) => {
        record(`could not start ${spec.command}: ${error.message}`);
        resolve({ code: null, signal: null });
      });
    });
    exited.then(({ code, signal }) => {
      if (stopping) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      reportFailure(new StackFailure(`${spec.name} ${how}`, { service: spec.name, lastLines: [...recent] }));
    });
    return { spec, child, exited, recent };
  });

  /** Resolves once every readiness URL answers 200; rejects with a StackFailure otherwise. */
  async function waitReady({ timeoutMs = 120_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    const pending = new Set(members.filter((member) => member.spec.readyUrl));
    const polling = (async () => {
      while (pending.size > 0 && !stopping) {
        for (const member of pending) if (await answers200(member.spec.readyUrl)) pending.delete(member);
        if (pending.size === 0) return;
        if (Date.now() > deadline) {
          const [late] = pending;
          throw new StackFailure(
            `${late.spec.name} was not ready within ${timeoutMs / 1000} s (${late.spec.readyUrl})`,
            {
              service: late.spec.name,
              lastLines: [...late.recent],
            },
          );
        }
        await sleep(300);
      }
      if (stopping) throw new StackFailure('the stack was stopped before it was ready', { service: undefined });
    })();
    return Promise.race([polling, failed.then((failure) => Promise.reject(failure))]);
  }

  /** SIGTERM to every process, SIGKILL to those still running after the grace period. */
  async function stop() {
    stopping = true;
    await Promise.all(members.map((member) => terminate(member.child, member.exited, graceMs)));
  }

  return { waitReady, failed, stop };
}
