import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { jestFileTimings, playwrightFileTimings, readTimings, slowestFilesLines } from '../lib/test-timings.mjs';

const ROOT = '/repo';

describe('test file timings', () => {
  it("takes a jest file's time from its start to its end", () => {
    const report = {
      testResults: [{ name: '/repo/libs/a/src/a.spec.ts', startTime: 1_000, endTime: 3_500 }],
    };
    assert.deepEqual(jestFileTimings(report, ROOT), [{ file: 'libs/a/src/a.spec.ts', seconds: 2.5 }]);
  });

  it("adds up a Playwright file's tests, nested describes and retries included", () => {
    const report = {
      config: { rootDir: '/repo/e2e' },
      suites: [
        {
          file: 'shell.e2e.ts',
          specs: [{ tests: [{ results: [{ duration: 1_000 }, { duration: 500 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 2_000 }] }] }] }],
        },
      ],
    };
    assert.deepEqual(playwrightFileTimings(report, ROOT), [{ file: 'e2e/shell.e2e.ts', seconds: 3.5 }]);
  });

  it('reads the reports that were written and skips a missing or broken one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'timings-'));
    const written = join(dir, 'unit.json');
    const broken = join(dir, 'broken.json');
    writeFileSync(
      written,
      JSON.stringify({ testResults: [{ name: '/repo/x.spec.ts', startTime: 0, endTime: 1_000 }] }),
    );
    writeFileSync(broken, '{ not json');
    const timings = readTimings(
      [written, broken, join(dir, 'missing.json')].map((file) => ({ file, toTimings: jestFileTimings })),
      ROOT,
    );
    assert.deepEqual(timings, [{ file: 'x.spec.ts', seconds: 1 }]);
  });

  it('lists the slowest files first, at most the number asked for', () => {
    const timings = Array.from({ length: 20 }, (_, i) => ({ file: `f${i}.spec.ts`, seconds: i }));
    const lines = slowestFilesLines(timings, 15);
    assert.equal(lines[0], 'The 15 slowest test files:');
    assert.equal(lines.length, 16);
    assert.equal(lines[1], '  19.0 s  f19.spec.ts');
    assert.equal(lines[15], '   5.0 s  f5.spec.ts');
    assert.deepEqual(slowestFilesLines([]), []);
  });
});
