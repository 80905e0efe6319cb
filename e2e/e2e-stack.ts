/**
 * Where the e2e stack runs. `PIXTRACT_E2E_BASE_PORT` (default 3100) moves its five service ports (and the gateway's
 * metrics port, base + 6), and with them its databases and queue prefix, so two checkouts on one machine can run
 * their suites side by side.
 */
export const E2E_BASE_PORT = Number(process.env.PIXTRACT_E2E_BASE_PORT ?? 3100);

const suffix = E2E_BASE_PORT === 3100 ? '' : `_${E2E_BASE_PORT}`;
export const E2E_DATABASE_PREFIX = `pixtract_e2e${suffix}`;
export const E2E_QUEUE_PREFIX = `pixtract-e2e${suffix.replace('_', '-')}`;
export const E2E_BASE_URL = `http://localhost:${E2E_BASE_PORT}`;
/** Where a run's failure screenshots, traces and service log go: a run of its own for each stack. */
export const E2E_OUTPUT_NAME = `e2e${suffix.replace('_', '-')}`;

/** The account the stack names in ADMIN_USERNAMES: tests register it to use the admin screens. */
export const E2E_ADMIN_USERNAME = 'e2e-admin';

/**
 * The e2e stack's daily allowances, low so the daily-limit journeys use a day up in two extractions (the gallery
 * page is charged the plan's per-extraction 25 or 100 images) instead of twenty. Per-extraction limits keep the
 * plans' values; every test starts as a new visitor or account, and none uses more than this otherwise.
 */
export const E2E_DAILY_QUOTAS = { free: 50, registered: 200 } as const;
