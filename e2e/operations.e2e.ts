import { type Page } from '@playwright/test';
import { QueueName } from '@pixtract/contracts';
import { E2E_ADMIN_USERNAME } from './e2e-stack';
import { expect, saveShot, signUpAndIn, test } from './support';

/** The account global-setup names in ADMIN_USERNAMES, registered once per run and signed in. */
async function signInAsAdmin(page: Page) {
  const credentials = { username: E2E_ADMIN_USERNAME, password: 'correct horse battery' };
  const registered = await page.request.post('/api/auth/register', { data: credentials });
  expect([201, 409]).toContain(registered.status());
  expect((await page.request.post('/api/auth/login', { data: credentials })).status()).toBe(200);
}

test.describe('queue dashboard', () => {
  // Bull Board's page links Google Fonts; the policy refuses it on purpose (the board falls back to system fonts, and
  // no administrator's visit is announced to Google). Everything else must pass the app's policy.
  test.use({ allowedCspViolations: [/fonts\.googleapis\.com/] });

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
    test(`shows an administrator every queue (${viewport.name}), under the app's security policy`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInAsAdmin(page);
      const answer = await page.goto('/admin/queues');
      expect(answer?.status()).toBe(200);
      for (const queue of Object.values(QueueName))
        await expect(page.getByText(queue, { exact: true }).first()).toBeVisible();
      await saveShot(page, `admin-queues-${viewport.name}`);

      await page.getByText(QueueName.Extraction, { exact: true }).first().click();
      await expect(page).toHaveURL(/\/admin\/queues\/queue\/extraction/);
      // The queue's own view: its job list by state, once loaded.
      await expect(page.getByText(/^latest$/i).first()).toBeVisible();
      await expect(page.getByText(/^loading/i)).toHaveCount(0);
      await saveShot(page, `admin-queues-extraction-${viewport.name}`);
    });
  }
});

test.describe('API reference', () => {
  test("renders the OpenAPI document under the app's security policy, with nothing refused", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/api/docs');
    await expect(page.getByRole('heading', { name: /Pixtract API/ })).toBeVisible();
    await expect(page.locator('.opblock-summary-path', { hasText: '/api/extractions' }).first()).toBeVisible();

    // A route opened: its refusals are listed with their codes.
    await page.locator('.opblock-summary', { hasText: '/api/extract-images' }).first().click();
    await expect(page.getByText('DAILY_LIMIT_REACHED').first()).toBeVisible();
    await saveShot(page, 'api-docs-desktop');
  });
});
