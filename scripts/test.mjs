// `npm test`: prepares what is missing (dependencies, Postgres, Redis, Chromium), runs the scripts' own tests and
// the unit tests, builds, runs the integration tests, the Playwright e2e suite and the linter (one check), prints
// the 15 slowest test files, then as its last line `N passed, N failed[, N skipped]`.
// `--only=scripts|unit|integration|jest|e2e|lint` runs one part.
// The runners' reports (per-file timings) stay in test-results/timings/.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildProjects } from './lib/build.mjs';
import { ensureDependencies } from './lib/deps.mjs';
import { infrastructureEnv, prepareInfrastructure } from './lib/infrastructure.mjs';
import { paint, problem, status } from './lib/output.mjs';
import { ROOT } from './lib/paths.mjs';
import { SetupError } from './lib/setup-error.mjs';
import { ONLY_NAMES, runTestPlan, selectParts } from './lib/test-plan.mjs';
import { E2E_SHARDS, e2eShardReport, runJest, runLint, runPlaywright, runScriptTests } from './lib/test-runners.mjs';
import { jestFileTimings, playwrightFileTimings, readTimings, slowestFilesLines } from './lib/test-timings.mjs';
import { ensureTestTools } from './lib/test-tools.mjs';
import { STEP_FAILED, sumTotals, summaryLine } from './lib/test-totals.mjs';

const TIMINGS_DIR = join(ROOT, 'test-results', 'timings');
const REPORTS = {
  unit: join(TIMINGS_DIR, 'jest-unit.json'),
  integration: join(TIMINGS_DIR, 'jest-integration.json'),
};

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const parts = selectParts(only);
if (!parts) {
  problem(`Unknown --only=${only}: expected one of ${ONLY_NAMES.join(', ')}.`);
  console.log(summaryLine(STEP_FAILED));
  process.exit(1);
}

async function runParts(results) {
  // The scripts' own tests create databases with the `pg` client: dependencies first.
  await ensureDependencies();
  await runTestPlan(
    parts,
    {
      scripts: runScriptTests,
      unit: () => runJest('unit', process.env, REPORTS.unit),
      prepare: async () => {
        if (parts.includes('integration')) await ensureTestTools();
        const infrastructure = await prepareInfrastructure();
        return { env: { ...process.env, ...infrastructureEnv(infrastructure) }, stop: infrastructure.stop };
      },
      build: () => {
        status('Building (Nx reuses what has not changed)…');
        return buildProjects();
      },
      onBuildFailed: () =>
        problem(
          'The build failed (errors above): counted as one failure; integration and e2e tests need it and do not run.',
        ),
      integration: (env) => runJest('integration', env, REPORTS.integration),
      e2e: (env) => runPlaywright(env, TIMINGS_DIR),
      lint: runLint,
    },
    results,
  );
}

async function main() {
  rmSync(TIMINGS_DIR, { recursive: true, force: true });
  mkdirSync(TIMINGS_DIR, { recursive: true });
  const results = [];
  try {
    await runParts(results);
  } catch (error) {
    if (error instanceof SetupError && error.details) console.error(error.details);
    problem(error instanceof SetupError ? error.message : error.stack);
    results.push(STEP_FAILED);
  }
  const timings = readTimings(
    [
      { file: REPORTS.unit, toTimings: jestFileTimings },
      { file: REPORTS.integration, toTimings: jestFileTimings },
      ...Array.from({ length: E2E_SHARDS }, (_, i) => ({
        file: e2eShardReport(TIMINGS_DIR, i + 1),
        toTimings: playwrightFileTimings,
      })),
    ],
    ROOT,
  );
  for (const line of slowestFilesLines(timings)) console.log(line);
  const totals = sumTotals(results);
  // The last line of the output, whatever happened above: CI reads it.
  console.log((totals.failed > 0 ? paint.red : paint.green)(summaryLine(totals)));
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

await main();
