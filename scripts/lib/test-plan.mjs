// The order of `npm test`'s parts and what stops it: scripts' own tests, unit tests (nothing started, no build),
// then — with the infrastructure up and everything built — integration tests, the e2e suite and the linter (one
// after another: each is bound by the CPU, and side by side on 2 cores they took longer than in turn).
import { STEP_FAILED } from './test-totals.mjs';

export const PARTS = ['scripts', 'unit', 'integration', 'e2e', 'lint'];
/** `--only=` names: a part, or `jest` for both jest kinds. */
const GROUPS = { jest: ['unit', 'integration'] };

/** The parts `--only=<name>` selects (all without a name); undefined for a name that is none of them. */
export function selectParts(only) {
  if (!only) return PARTS;
  if (GROUPS[only]) return GROUPS[only];
  return PARTS.includes(only) ? [only] : undefined;
}

export const ONLY_NAMES = [...PARTS, ...Object.keys(GROUPS)];

/**
 * Runs `parts` with `steps`: { scripts(), unit(), prepare() → { env, stop() }, build() → { ok }, integration(env),
 * e2e(env), lint(), onBuildFailed() }, each test step resolving to { passed, failed, skipped } pushed onto `results`
 * (so what ran is kept when a later step throws). A failed build counts as one failure and ends the run:
 * integration tests and the e2e suite start the built services, and the linter's typecheck would only repeat it.
 */
export async function runTestPlan(parts, steps, results) {
  if (parts.includes('scripts')) results.push(await steps.scripts());
  if (parts.includes('unit')) results.push(await steps.unit());
  if (!parts.includes('integration') && !parts.includes('e2e')) {
    if (parts.includes('lint')) results.push(await steps.lint());
    return;
  }

  const infrastructure = await steps.prepare();
  try {
    const built = await steps.build();
    if (!built.ok) {
      steps.onBuildFailed();
      results.push(STEP_FAILED);
      return;
    }
    if (parts.includes('integration')) results.push(await steps.integration(infrastructure.env));
    if (parts.includes('e2e')) results.push(await steps.e2e(infrastructure.env));
    if (parts.includes('lint')) results.push(await steps.lint());
  } finally {
    await infrastructure.stop();
  }
}
