// `npm test`: prepares what is missing (dependencies, Postgres, Redis, Chromium), builds, runs the
// scripts' own tests, every jest project and the Playwright e2e suite, then prints as its last line
// `N passed, N failed[, N skipped]`. `--only=scripts|jest|e2e` runs one part.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProjects } from './lib/build.mjs';
import { ensureDependencies } from './lib/deps.mjs';
import { infrastructureEnv, prepareInfrastructure } from './lib/infrastructure.mjs';
import { paint, problem, status } from './lib/output.mjs';
import { SetupError } from './lib/setup-error.mjs';
import { runJest, runPlaywright, runScriptTests } from './lib/test-runners.mjs';
import { ensureTestTools } from './lib/test-tools.mjs';
import { STEP_FAILED, sumTotals, summaryLine } from './lib/test-totals.mjs';

const PARTS = ['scripts', 'jest', 'e2e'];
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only && !PARTS.includes(only)) {
  problem(`Unknown --only=${only}: expected one of ${PARTS.join(', ')}.`);
  console.log(summaryLine(STEP_FAILED));
  process.exit(1);
}
const selected = (part) => !only || only === part;

/** Runs the selected parts, adding each one's totals to `results`. */
async function runParts(results, reportDir) {
  // The scripts' own tests create databases with the `pg` client: dependencies first.
  await ensureDependencies();
  if (selected('scripts')) results.push(await runScriptTests());
  if (only === 'scripts') return;

  if (selected('jest')) await ensureTestTools();
  const infrastructure = await prepareInfrastructure();
  try {
    const env = { ...process.env, ...infrastructureEnv(infrastructure) };
    status('Building (Nx reuses what has not changed)…');
    const built = await buildProjects();
    if (!built.ok) {
      problem('The build failed (errors above): counted as one failure; the e2e suite needs the build and is not run.');
      results.push(STEP_FAILED);
    }
    if (selected('jest')) results.push(await runJest(env, reportDir));
    if (selected('e2e') && built) results.push(await runPlaywright(env, reportDir));
  } finally {
    await infrastructure.stop();
  }
}

async function main() {
  const results = [];
  const reportDir = mkdtempSync(join(tmpdir(), 'pixtract-test-'));
  try {
    await runParts(results, reportDir);
  } catch (error) {
    if (error instanceof SetupError && error.details) console.error(error.details);
    problem(error instanceof SetupError ? error.message : error.stack);
    results.push(STEP_FAILED);
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
  const totals = sumTotals(results);
  // The last line of the output, whatever happened above: CI reads it.
  console.log((totals.failed > 0 ? paint.red : paint.green)(summaryLine(totals)));
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

await main();
