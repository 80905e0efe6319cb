// Where things are, relative to the repository root (this file lives in scripts/lib).
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
/** Git-ignored home of the Postgres and Redis servers the scripts start themselves. */
export const DATA_DIR = join(ROOT, '.data');
export const WEB_DIST = join(ROOT, 'web', 'dist');

/** An executable installed by npm at the root (nx, jest, playwright, tsc, vite). */
export const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
