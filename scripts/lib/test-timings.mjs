// Per-file durations from the runners' JSON reports (kept in test-results/timings/ after a run), and the list
// of the slowest files `npm test` prints before its summary line.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Jest's --json report: one entry per test file, its wall time from start to end. */
export function jestFileTimings(report, root) {
  return report.testResults.map((file) => ({
    file: relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
  }));
}

/** Playwright's JSON report: a file's time is the sum of its tests' attempts (each shard runs its tests on one worker). */
export function playwrightFileTimings(report, root) {
  const totals = new Map();
  const visit = (suite, file) => {
    const name = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) totals.set(name, (totals.get(name) ?? 0) + result.duration / 1000);
    for (const child of suite.suites ?? []) visit(child, name);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  const testDir = report.config?.rootDir;
  return [...totals].map(([file, seconds]) => ({
    file: testDir ? relative(root, `${testDir}/${file}`) : file,
    seconds,
  }));
}

/** Timings from every report that was written (a runner that crashed may have left none). */
export function readTimings(reports, root) {
  return reports.flatMap(({ file, toTimings }) => {
    if (!existsSync(file)) return [];
    try {
      return toTimings(JSON.parse(readFileSync(file, 'utf8')), root);
    } catch {
      return [];
    }
  });
}

/** The `count` slowest files, slowest first, one line each: "  123.4 s  services/extractor/test/…". */
export function slowestFilesLines(timings, count = 15) {
  const slowest = [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  if (slowest.length === 0) return [];
  const width = Math.max(...slowest.map(({ seconds }) => seconds.toFixed(1).length));
  return [
    `The ${slowest.length} slowest test files:`,
    ...slowest.map(({ file, seconds }) => `  ${seconds.toFixed(1).padStart(width)} s  ${file}`),
  ];
}
