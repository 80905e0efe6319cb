// The three test runners of `npm test`, each resolving to { passed, failed, skipped }.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { run as runNodeTests } from 'node:test';
import { spec } from 'node:test/reporters';
import { run } from './exec.mjs';
import { ROOT, bin } from './paths.mjs';
import { jestTotals, playwrightTotals, runnerTotals } from './test-totals.mjs';

/**
 * The jest kinds (jest.projects.js) and their workers. Unit tests only compute: one worker per core (jest's default
 * leaves one core to itself). Integration tests mostly wait on Postgres, Redis, Chromium and the services they start,
 * and each file owns its database and Redis prefix, so their files run side by side too.
 */
export const JEST_KINDS = {
  unit: { config: 'jest.unit.config.js', workers: 2 },
  integration: { config: 'jest.integration.config.js', workers: 2 },
};

/** One jest kind, its report written to `report`. */
export async function runJest(kind, env, report) {
  const { config, workers } = JEST_KINDS[kind];
  // --forceExit: a test that leaks a handle (jest then prints which) must not hang CI after the results.
  const { code } = await run(
    bin('jest'),
    ['-c', config, '--ci', '--forceExit', `--maxWorkers=${workers}`, '--json', `--outputFile=${report}`],
    { cwd: ROOT, env, stream: true },
  );
  return runnerTotals(report, jestTotals, code);
}

/** The Playwright e2e suite against the whole stack (e2e/global-setup.ts starts it). */
export async function runPlaywright(env, report) {
  const { code } = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    cwd: ROOT,
    env: { ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report },
    stream: true,
  });
  return runnerTotals(report, playwrightTotals, code);
}

/** The scripts' own tests (node:test, no dependencies), counted from the runner's events. */
export async function runScriptTests() {
  const dir = join(ROOT, 'scripts', 'test');
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.test.mjs'))
    .map((name) => join(dir, name));
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const stream = runNodeTests({ files });
  stream.on('test:pass', ({ details, skip, todo }) => {
    if (details.type !== 'suite') totals[skip || todo ? 'skipped' : 'passed'] += 1;
  });
  stream.on('test:fail', ({ details }) => {
    if (details.type !== 'suite') totals.failed += 1;
  });
  await new Promise((resolve, reject) =>
    stream.compose(spec).on('end', resolve).on('error', reject).pipe(process.stdout, { end: false }),
  );
  return totals;
}
