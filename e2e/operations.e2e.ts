import { expect, test, type Page } from '@playwright/test';
import { QueueName } from '@pixtract/contracts';
import { E2E_ADMIN_USERNAME } from './e2e-stack';
import { saveShot, signUpAndIn } from './support';

/**
 * The strictest policy a page of ours should live under: every script, style, font and request from our own
 * origin, nothing inline. The gateway's own Content-Security-Policy is another module's; these tests lay this one
 * over the answer themselves, so they show what each page needs whatever that module grants.
 */
const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * What Bull Board's page needs on top of STRICT_CSP: its loading placeholder is written with style attributes and
 * a <style> element (index.ejs of @bull-board/ui). Its scripts are files; its inline JSON config is data, which
 * CSP does not run. Its Google Fonts stylesheet stays refused: the board falls back to system fonts, and no admin's
 * visit is announced to Google.
 */
const BULL_BOARD_CSP = STRICT_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");

interface Violation {
  directive: string;
  blocked: string;
}

/** Serves the pages under `path` with `policy` as their Content-Security-Policy and records what it refuses. */
async function underPolicy(page: Page, path: RegExp, policy: string): Promise<() => Promise<Violation[]>> {
  await page.route(path, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
}

/** The account global-setup names in ADMIN_USERNAMES, registered once per run and signed in. */
async function signInAsAdmin(page: Page) {
  const credentials = { username: E2E_ADMIN_USERNAME, password: 'correct horse battery' };
  const registered = await page.request.post('/api/auth/register', { data: credentials });
  expect([201, 409]).toContain(registered.status());
  expect((await page.request.post('/api/auth/login', { data: credentials })).status()).toBe(200);
}

test.describe('queue dashboard', () => {
  test('is refused to a visitor and to a member, with the catalogue’s words', async ({ page }) => {
    const asVisitor = await page.goto('/admin/queues');
    expect(asVisitor?.status()).toBe(401);
    await expect(page.locator('body')).toContainText('Please log in or create an account.');

    await signUpAndIn(page, 'queue-member');
    const asMember = await page.goto('/admin/queues');
    expect(asMember?.status()).toBe(403);
    await expect(page.locator('body')).toContainText('Only administrators can open this page.');
  });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`shows an administrator every queue (${viewport.name}), under a strict policy with inline styles only`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAsAdmin(page);
      const violations = await underPolicy(page, /\/admin\/queues/, BULL_BOARD_CSP);
      const answer = await page.goto('/admin/queues');
      expect(answer?.status()).toBe(200);
      for (const queue of Object.values(QueueName)) await expect(page.getByText(queue, { exact: true }).first()).toBeVisible();
      await saveShot(page, `admin-queues-${viewport.name}`);

      await page.getByText(QueueName.Extraction, { exact: true }).first().click();
      await expect(page).toHaveURL(/\/admin\/queues\/queue\/extraction/);
      // The queue's own view: its job list by state, once loaded.
      await expect(page.getByText(/^latest$/i).first()).toBeVisible();
      await expect(page.getByText(/^loading/i)).toHaveCount(0);
      await saveShot(page, `admin-queues-extraction-${viewport.name}`);
      // Only the board's Google Fonts stylesheet is refused: nothing of ours, no script.
      expect((await violations()).filter((violation) => !violation.blocked.startsWith('https://fonts.googleapis.com'))).toEqual([]);
    });
  }
});

test.describe('API reference', () => {
  test('renders the OpenAPI document under the strict policy, with nothing refused', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const violations = await underPolicy(page, /\/api\/docs/, STRICT_CSP);
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Pixtract API/ })).toBeVisible();
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/extractions' }).first()).toBeVisible();

    // A route opened: its refusals are listed with their codes.
    await page.locator('.opblock-summary', { hasText: '/api/extract-images' }).first().click();
    await expect(page.getByText('DAILY_LIMIT_REACHED').first()).toBeVisible();
    await saveShot(page, 'api-docs-desktop');
    expect(await violations()).toEqual([]);
  });
});
