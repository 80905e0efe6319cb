import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runTestPlan, selectParts } from '../lib/test-plan.mjs';
import { STEP_FAILED } from '../lib/test-totals.mjs';

const ONE_PASSED = { passed: 1, failed: 0, skipped: 0 };

/** Steps that record what ran, the build answering `buildOk`. */
function recordingSteps(buildOk) {
  const ran = [];
  const step =
    (name, answer = ONE_PASSED) =>
    async () => {
      ran.push(name);
      return answer;
    };
  return {
    ran,
    steps: {
      scripts: step('scripts'),
      unit: step('unit'),
      prepare: async () => {
        ran.push('prepare');
        return { env: {}, stop: async () => ran.push('stop') };
      },
      build: step('build', { ok: buildOk }),
      onBuildFailed: () => ran.push('build failure reported'),
      integration: step('integration'),
      e2e: step('e2e'),
      lint: step('lint'),
    },
  };
}

describe('the order of npm test', () => {
  it('runs every part, building before the integration and e2e tests, the linter last, and stops the infrastructure', async () => {
    const { ran, steps } = recordingSteps(true);
    const results = [];
    await runTestPlan(selectParts(undefined), steps, results);
    assert.deepEqual(ran, ['scripts', 'unit', 'prepare', 'build', 'integration', 'e2e', 'lint', 'stop']);
    assert.equal(results.length, 5);
  });

  it('lints without the infrastructure or the build when asked for the linter alone', async () => {
    const { ran, steps } = recordingSteps(true);
    await runTestPlan(selectParts('lint'), steps, []);
    assert.deepEqual(ran, ['lint']);
  });

  it('stops after a failed build: one failure, no integration or e2e tests', async () => {
    const { ran, steps } = recordingSteps(false);
    const results = [];
    await runTestPlan(selectParts(undefined), steps, results);
    assert.deepEqual(ran, ['scripts', 'unit', 'prepare', 'build', 'build failure reported', 'stop']);
    assert.deepEqual(results, [ONE_PASSED, ONE_PASSED, STEP_FAILED]);
  });

  it('needs neither the infrastructure nor the build for unit tests alone', async () => {
    const { ran, steps } = recordingSteps(true);
    await runTestPlan(selectParts('unit'), steps, []);
    assert.deepEqual(ran, ['unit']);
  });

  it('keeps the results of the parts that ran when a later step throws', async () => {
    const { steps } = recordingSteps(true);
    const results = [];
    const broken = { ...steps, prepare: async () => Promise.reject(new Error('no Postgres')) };
    await assert.rejects(runTestPlan(selectParts(undefined), broken, results), /no Postgres/);
    assert.deepEqual(results, [ONE_PASSED, ONE_PASSED]);
  });

  it('selects one part, both jest kinds with --only=jest, and nothing for an unknown name', () => {
    assert.deepEqual(selectParts('e2e'), ['e2e']);
    assert.deepEqual(selectParts('jest'), ['unit', 'integration']);
    assert.deepEqual(selectParts('lint'), ['lint']);
    assert.equal(selectParts('typecheck'), undefined);
  });
});
