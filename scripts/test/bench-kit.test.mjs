import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const KIT = new URL('../../bench/bench.kit.mjs', import.meta.url).href;

/** Runs a bench made of `body` (with measure, finishBench, fixed and median imported) as its own process. */
function bench(body) {
  const source = `import { finishBench, fixed, measure, median } from '${KIT}';\n${body}`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8' });
}

describe('a bench that cannot measure everything', () => {
  it('prints what it measured, names what failed and exits 1', () => {
    const run = bench(`
      const floor = await measure('recycled.html run 1: floor', async () => {
        throw new Error('page.goto: net::ERR_ABORTED at http://127.0.0.1/recycled.html\\nCall log: …');
      });
      const ours = await measure('recycled.html run 1: ours', async () => 1234);
      Promise.reject(new Error('net::ERR_ABORTED after the run'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      console.log('ours ' + fixed(ours, 0) + ' floor ' + fixed(median(floor === undefined ? [] : [floor]), 0));
      finishBench();
    `);
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /ours 1234 floor -/);
    assert.match(run.stdout, /2 measurement\(s\) failed/);
    assert.match(
      run.stdout,
      /recycled\.html run 1: floor: page\.goto: net::ERR_ABORTED at http:\/\/127\.0\.0\.1\/recycled\.html\n/,
    );
    assert.match(run.stdout, /outside any measurement: net::ERR_ABORTED after the run/);
  });

  it('exits 0 when every measurement succeeded', () => {
    const run = bench(`await measure('one', async () => 1); finishBench();`);
    assert.equal(run.status, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /failed/);
  });
});
