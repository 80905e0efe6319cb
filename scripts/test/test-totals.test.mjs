import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jestTotals, playwrightTotals, runnerTotals, sumTotals, summaryLine } from '../lib/test-totals.mjs';

const jestReport = (overrides = {}) => ({
  numPassedTests: 10,
  numFailedTests: 2,
  numRuntimeErrorTestSuites: 0,
  numPendingTests: 1,
  numTodoTests: 1,
  ...overrides,
});
const playwrightReport = (stats = {}, errors = []) => ({
  stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0, ...stats },
  errors,
});

describe('test totals', () => {
  it('counts jest suites that could not run as failures', () => {
    assert.deepEqual(jestTotals(jestReport({ numRuntimeErrorTestSuites: 3 })), { passed: 10, failed: 5, skipped: 2 });
  });

  it('counts a Playwright global-setup error as a failure even though no test ran', () => {
    const report = playwrightReport({ expected: 0 }, [{ message: 'Error: gateway exited with code 1' }]);
    assert.deepEqual(playwrightTotals(report), { passed: 0, failed: 1, skipped: 0 });
  });

  it('counts flaky Playwright tests as passed', () => {
    assert.deepEqual(playwrightTotals(playwrightReport({ expected: 2, flaky: 1, unexpected: 1, skipped: 4 })), {
      passed: 3,
      failed: 1,
      skipped: 4,
    });
  });

  it('counts a runner that wrote no report as one failure, never as 0 failed', () => {
    assert.deepEqual(runnerTotals('/nonexistent/report.json', jestTotals, 1), { passed: 0, failed: 1, skipped: 0 });
  });

  it('counts an unreadable report as one failure', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'totals-')), 'report.json');
    writeFileSync(file, '{"numPassedTests": 4, trunc');
    assert.equal(runnerTotals(file, jestTotals, 0).failed, 1);
  });

  it('counts a non-zero exit without failing tests as one failure', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'totals-')), 'report.json');
    writeFileSync(file, JSON.stringify(jestReport({ numFailedTests: 0 })));
    assert.deepEqual(runnerTotals(file, jestTotals, 1), { passed: 10, failed: 1, skipped: 2 });
    assert.deepEqual(runnerTotals(file, jestTotals, 0), { passed: 10, failed: 0, skipped: 2 });
  });

  it('sums runners and prints skipped only when there are some', () => {
    const totals = sumTotals([
      { passed: 2, failed: 1, skipped: 0 },
      { passed: 5, failed: 0, skipped: 0 },
    ]);
    assert.equal(summaryLine(totals), '7 passed, 1 failed');
    assert.equal(summaryLine({ ...totals, skipped: 2 }), '7 passed, 1 failed, 2 skipped');
  });
});
