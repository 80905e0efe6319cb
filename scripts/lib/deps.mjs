// npm dependencies: installed on a fresh clone, reinstalled when package-lock.json changed since.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { run, tail } from './exec.mjs';
import { status } from './output.mjs';
import { ROOT } from './paths.mjs';
import { SetupError } from './setup-error.mjs';

/** Why an install is needed, or undefined when node_modules matches the lock file. */
export function installReason(root = ROOT) {
  const lock = join(root, 'package-lock.json');
  // npm writes node_modules/.package-lock.json at the end of every install: its age is the install's.
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return 'node_modules is missing';
  if (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs) return 'package-lock.json changed';
  return undefined;
}

export async function ensureDependencies(root = ROOT) {
  const reason = installReason(root);
  if (!reason) return;
  // `npm install`, not `npm ci`: it installs the lock file's versions all the same, but npm 11 writes
  // lock files without other platforms' optional packages (@swc/core-darwin-arm64 …) and its own
  // `npm ci` then refuses them as out of sync (npm/cli#4828).
  status(`Installing dependencies (${reason}) with npm install…`);
  const result = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: root });
  if (result.code !== 0)
    throw new SetupError('npm install failed (output above): fix it, then run the command again.', {
      details: tail(result.output),
    });
}
