/**
 * Where the e2e stack runs. `PIXTRACT_E2E_BASE_PORT` (default 3100) moves its five service ports (and the gateway's
 * metrics port, base + 5), and with them its databases and queue prefix, so two checkouts on one machine can run
 * their suites side by side.
 */
export const E2E_BASE_PORT = Number(process.env.PIXTRACT_E2E_BASE_PORT ?? 3100);

const suffix = E2E_BASE_PORT === 3100 ? '' : `_${E2E_BASE_PORT}`;
export const E2E_DATABASE_PREFIX = `pixtract_e2e${suffix}`;
export const E2E_QUEUE_PREFIX = `pixtract-e2e${suffix.replace('_', '-')}`;
export const E2E_BASE_URL = `http://localhost:${E2E_BASE_PORT}`;

/** The account the stack names in ADMIN_USERNAMES: tests register it to use the admin screens. */
export const E2E_ADMIN_USERNAME = 'e2e-admin';
