// Turns the test runners' JSON reports into { passed, failed, skipped }. A runner that crashed or
// failed outside any test counts as a failure, never as "0 failed".
import { existsSync, readFileSync } from 'node:fs';

const NO_TESTS = { passed: 0, failed: 0, skipped: 0 };

/** One failure standing for a step that could not produce results (crash, build failure). */
export const STEP_FAILED = { passed: 0, failed: 1, skipped: 0 };

/** Jest's --json report. Suites that could not run (syntax error, failed import) count one failure each. */
export function jestTotals(report) {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** Playwright's JSON report. Errors outside any test (global setup, config) count one failure each. */
export function playwrightTotals(report) {
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0), skipped };
}

/**
 * The totals of one runner: from its report when it wrote one, else a single failure. A non-zero exit
 * with no failing test (e.g. jest's "open handles", a reporter crash) also counts as one failure.
 */
export function runnerTotals(reportFile, toTotals, exitCode) {
  let totals;
  try {
    totals = existsSync(reportFile) ? toTotals(JSON.parse(readFileSync(reportFile, 'utf8'))) : STEP_FAILED;
  } catch {
    totals = STEP_FAILED;
  }
  return exitCode !== 0 && totals.failed === 0 ? { ...totals, failed: 1 } : totals;
}

export const sumTotals = (list) =>
  list.reduce(
    (sum, t) => ({ passed: sum.passed + t.passed, failed: sum.failed + t.failed, skipped: sum.skipped + t.skipped }),
    NO_TESTS,
  );

export const summaryLine = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
