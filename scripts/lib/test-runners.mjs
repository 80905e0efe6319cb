// The test runners of `npm test` and its linter, each resolving to { passed, failed, skipped }.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { run as runNodeTests } from 'node:test';
import { spec } from 'node:test/reporters';
import { run } from './exec.mjs';
import { ROOT, bin } from './paths.mjs';
import { jestTotals, playwrightTotals, runnerTotals, sumTotals } from './test-totals.mjs';

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

/**
 * How many e2e shards run side by side, each on a stack of its own (ports, databases and queue prefix moved by
 * PIXTRACT_E2E_BASE_PORT). One by default: the suite is bound by the CPU (two Chromiums and five services per
 * stack), and on 2 cores two stacks made the whole run 40 % slower (docs/decisions/toolchain.md). A machine with
 * cores to spare sets PIXTRACT_E2E_SHARDS.
 */
export const E2E_SHARDS = Number(process.env.PIXTRACT_E2E_SHARDS ?? 1);
/** Each shard's stack takes base..base+6; shards sit this far apart. */
const SHARD_PORT_STEP = 20;

/** The JSON report of shard `index` (1-based). */
export const e2eShardReport = (reportsDir, index) => join(reportsDir, `playwright-${index}.json`);

/** The Playwright e2e suite against the whole stack (e2e/global-setup.ts starts one per shard). */
export async function runPlaywright(env, reportsDir) {
  const basePort = Number(env.PIXTRACT_E2E_BASE_PORT ?? 3100);
  const shards = Array.from({ length: E2E_SHARDS }, (_, i) => i + 1);
  const totals = await Promise.all(
    shards.map(async (index) => {
      const report = e2eShardReport(reportsDir, index);
      const { code } = await run(
        bin('playwright'),
        ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', `--shard=${index}/${E2E_SHARDS}`],
        {
          cwd: ROOT,
          env: {
            ...env,
            PIXTRACT_E2E_BASE_PORT: String(basePort + (index - 1) * SHARD_PORT_STEP),
            PLAYWRIGHT_JSON_OUTPUT_FILE: report,
          },
          stream: true,
          prefix: E2E_SHARDS > 1 ? `[e2e ${index}/${E2E_SHARDS}] ` : undefined,
        },
      );
      return runnerTotals(report, playwrightTotals, code);
    }),
  );
  return sumTotals(totals);
}

/** `npm run lint` (typecheck, ESLint, Prettier), one check: passed or failed. */
export async function runLint() {
  const { code } = await run('npm', ['run', 'lint'], { cwd: ROOT, stream: true, prefix: '[lint] ' });
  return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
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
