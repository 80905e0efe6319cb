// Running commands from the scripts: quietly (output kept for when it fails) or streamed.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Runs a command to completion. Output is captured (and returned) unless `stream` is set, so a
 * successful step stays quiet and a failed one can show what went wrong. `prefix` streams it to `out` with each
 * line prefixed, so commands running side by side can be told apart.
 */
export function run(command, args, { cwd, env, stream = false, prefix, out = process.stdout } = {}) {
  return new Promise((resolve, reject) => {
    const inherit = stream && !prefix;
    const child = spawn(command, args, {
      cwd,
      env: env ?? process.env,
      stdio: ['ignore', inherit ? 'inherit' : 'pipe', inherit ? 'inherit' : 'pipe'],
    });
    let output = '';
    const capture = () => (prefix ? prefixedLines(prefix, out) : (chunk) => (output += chunk));
    const sinks = [child.stdout, child.stderr].filter(Boolean).map((source) => {
      const sink = capture();
      source.on('data', sink);
      return sink;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      for (const sink of sinks) sink.flush?.();
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** Writes one output stream of a child to `out` line by line, each line after `prefix`. */
function prefixedLines(prefix, out) {
  let pending = '';
  const write = (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) out.write(`${prefix}${line}\n`);
  };
  write.flush = () => pending && out.write(`${prefix}${pending}\n`);
  return write;
}

/** The last lines of a command's output, to show under a failure message. */
export const tail = (output, lines = 20) => output.trimEnd().split('\n').slice(-lines).join('\n');

/** Absolute path of an executable found on PATH, or undefined. */
export function onPath(name, path = process.env.PATH ?? '') {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export const isRoot = () => process.getuid?.() === 0;

/**
 * Stops a child started with `detached: true` (so it leads its own process group, and watchers'
 * grandchildren go with it): SIGTERM, then SIGKILL if it is still running after `graceMs`.
 */
export async function terminate(child, exited, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  let timer;
  const graceOver = new Promise((resolve) => (timer = setTimeout(() => resolve(true), graceMs)));
  const stuck = await Promise.race([exited.then(() => false), graceOver]);
  clearTimeout(timer);
  if (stuck) {
    signalGroup('SIGKILL');
    await exited;
  }
}
