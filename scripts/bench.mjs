#!/usr/bin/env node
// npm run bench -- [name ...]: runs bench/<name>.bench.mjs for each name given, every bench when none is.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = join(root, 'bench');
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .map((file) => file.slice(0, -'.bench.mjs'.length))
  .sort();
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const name of requested.length > 0 ? requested : available) {
  console.log(`\n=== bench: ${name} ===`);
  const run = spawnSync(process.execPath, [join(benchDir, `${name}.bench.mjs`)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
