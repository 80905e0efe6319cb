/**
 * How tests, the e2e suite and the benches launch Chromium: Debian's build (Playwright's download cannot be fetched
 * here), headless as root, and none of the background traffic that a machine without internet refuses. The
 * extractor's own launch (browser-pool.service) lists the same flags and its guard-proxy ones: production code does
 * not depend on this test library.
 */
export const CHROMIUM_TEST_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
