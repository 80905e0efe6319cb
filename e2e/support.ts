import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Playwright's `test`, with one check on every test: no page may violate the Content-Security-Policy the app runs
 * under. Each document (frames included) reports its `securitypolicyviolation` events, and Chromium's console
 * reports the rest (a worker's); either fails the test after it ran. Every e2e file takes `test` from here (a test
 * in e2e/ checks that), so a new screen that needs an inline script or a foreign origin fails until the policy,
 * built in one place (services/gateway/src/security/content-security-policy.ts), says so.
 */
export const test = base.extend<{ cspViolations: string[]; allowedCspViolations: RegExp[] }>({
  /** Violations a page is known to cause and meant to (a third party's resource we refuse on purpose). */
  allowedCspViolations: [[], { option: true }],
  cspViolations: [
    async ({ context, allowedCspViolations }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, violation: string) => violations.push(violation));
      await context.addInitScript({
        content: `document.addEventListener('securitypolicyviolation', (event) =>
          window.__reportCspViolation(event.violatedDirective + ' refused ' + (event.blockedURI || 'inline') + ' on ' + event.documentURI
            + (event.sourceFile ? ' (' + event.sourceFile + ':' + event.lineNumber + ':' + event.columnNumber + ')' : '')));`,
      });
      context.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await use(violations);
      const unexpected = violations.filter(
        (violation) => !allowedCspViolations.some((allowed) => allowed.test(violation)),
      );
      expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** The fixture site global-setup.ts started. */
export const fixtureUrl = (path: string): string => `${process.env.PIXTRACT_E2E_FIXTURE_ORIGIN}${path}`;

export type Theme = 'light' | 'dark';

/** The looks every screen is checked in: both widths and themes in English, and one of each width in Arabic. */
export const SCREEN_VARIANTS: Array<{ width: number; theme: Theme; prefix: '' | '/ar' }> = [
  { width: 1280, theme: 'light', prefix: '' },
  { width: 390, theme: 'light', prefix: '' },
  { width: 1280, theme: 'dark', prefix: '' },
  { width: 390, theme: 'dark', prefix: '' },
  { width: 1280, theme: 'light', prefix: '/ar' },
  { width: 390, theme: 'dark', prefix: '/ar' },
];

/**
 * Opens every page in `theme` with the cookie choice already made, so neither the notice nor a first-visit default
 * gets in the way of what a test looks at.
 */
export async function prepare(
  page: Page,
  { theme = 'dark', cookieChoice = true }: { theme?: Theme; cookieChoice?: boolean } = {},
) {
  // A script string: it runs in the page, where this file's (Node) types do not apply.
  await page.addInitScript({
    content: `
      if (localStorage.getItem('darkMode') === null) localStorage.setItem('darkMode', '${theme === 'dark'}');
      ${cookieChoice ? "localStorage.setItem('cookieConsent', 'true');" : ''}
      localStorage.setItem('newsletterDismissed', 'true');`,
  });
}

/** axe-core over the whole page: no serious or critical violation of WCAG 2.x A/AA. */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
  expect(grave).toEqual([]);
}

/**
 * Saves a full-page screenshot under $PIXTRACT_SHOTS_DIR when set (people look at them; the suite does not compare
 * pixels).
 */
export async function saveShot(page: Page, name: string) {
  const dir = process.env.PIXTRACT_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  await page.screenshot({ path: join(dir, `${name}-top.png`) });
}

/** A fresh account for this test (usernames are unique per run), signed in on the page's browser context. */
export async function signUpAndIn(page: Page, prefix: string): Promise<{ username: string; password: string }> {
  const username = `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const password = 'correct horse battery';
  const registered = await page.request.post('/api/auth/register', {
    data: { username, password, displayName: `${prefix} tester` },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const loggedIn = await page.request.post('/api/auth/login', { data: { username, password } });
  expect(loggedIn.status(), await loggedIn.text()).toBe(200);
  return { username, password };
}
