import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_TEST_LAUNCH } from '@pixtract/testing';
// The e2e stack's gateway (global-setup.ts starts every service from E2E_BASE_PORT, 3100 by default).
import { E2E_BASE_URL, E2E_OUTPUT_NAME } from './e2e-stack';

export default defineConfig({
  testDir: '.',
  testMatch: '*.e2e.ts',
  outputDir: `../test-results/${E2E_OUTPUT_NAME}`,
  globalSetup: './global-setup.ts',
  // One stack, one quota ledger: tests run one after another. `npm test` runs shards side by side, each with its
  // own stack (scripts/lib/test-runners.mjs).
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // A screen's lazy chunk and first answer arrive in well under a second on an idle machine; on a shared 2-core
  // machine running two stacks they can take several. A passing check returns as soon as it holds.
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: E2E_BASE_URL,
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: CHROMIUM_TEST_LAUNCH,
      },
    },
  ],
});
