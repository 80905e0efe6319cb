import type { AuthStatus, ExtractionResponse } from '@pixtract/contracts';
import { type Page } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_BASE_PORT, E2E_BASE_URL } from './e2e-stack';
import { expect, expectAccessible, fixtureUrl, prepare, saveShot, signUpAndIn, test } from './support';

/** Billing's own port in the e2e stack: its test clock is there (never routed by the gateway). */
const BILLING_URL = `http://127.0.0.1:${E2E_BASE_PORT + 4}`;
/** Hobby monthly's cap on one extraction. */
const HOBBY_PER_EXTRACTION = 500;
const GALLERY_IMAGES = 540;

/** A page with more images than one Hobby extraction may show. */
async function startBigGallery(): Promise<{ url: string; close: () => Promise<void> }> {
  const images = Array.from(
    { length: GALLERY_IMAGES },
    (_, index) =>
      `<img src="${fixtureUrl(`/images/${40 + index}x30.png`)}" alt="Picture ${index + 1}" width="${40 + index}" height="30">`,
  );
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Big gallery</title></head><body>${images.join('\n')}</body></html>`;
  const server: Server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gallery.html`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

async function roleOf(page: Page): Promise<string | undefined> {
  const status = (await (await page.request.get('/api/auth/status')).json()) as AuthStatus;
  return status.user?.role;
}

test('subscribe to Hobby monthly through PayPal, extract with its limits, cancel, and return to registered after the paid period', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const gallery = await startBigGallery();
  try {
    await prepare(page, { theme: 'light' });
    await signUpAndIn(page, 'subscriber');

    await page.goto('/pricing');
    await expect(page.getByRole('tab', { name: 'Subscription Plans' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('test-payments')).toBeVisible();
    const hobby = page.locator('[data-plan="hobby-monthly"]');
    await expect(hobby).toContainText('$9.99');
    await expect(hobby).toContainText('3,000 images per day');
    await saveShot(page, 'billing-pricing-member-1280-light');
    await hobby.getByRole('button', { name: 'Subscribe' }).click();

    // PayPal (the simulator): the approval page, then back to the site.
    await page.waitForURL(/\/webapps\/billing\/subscriptions\?ba_token=/);
    await expect(page.getByText('Simulator – test payments')).toBeVisible();
    await saveShot(page, 'billing-paypal-approval');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/payment\?plan=hobby-monthly/);
    await expect(toasts(page).getByText('Subscription Successful', { exact: true })).toBeVisible();
    await expect(page.getByTestId('subscribed')).toBeVisible();

    // The sign-in state catches up: the yellow dot and 3,000 images a day in the account panel.
    await expect(page.getByTestId('role-dot')).toHaveAttribute('data-role', 'premium', { timeout: 30_000 });
    await page.getByRole('banner').getByRole('link', { name: 'My Account' }).hover();
    await expect(page.getByText('3,000 images left today')).toBeVisible();
    await saveShot(page, 'billing-payment-success-1280-light');

    // One extraction shows at most the plan's per-extraction limit.
    const answer = await page.request.post('/api/extract-images', { data: { url: gallery.url }, timeout: 180_000 });
    expect(answer.status(), await answer.text()).toBe(200);
    const extraction = (await answer.json()) as ExtractionResponse;
    expect(extraction.limits).toMatchObject({
      role: 'premium',
      total: 3000,
      limitApplied: true,
      totalImagesFound: GALLERY_IMAGES,
    });
    expect(extraction.files).toHaveLength(HOBBY_PER_EXTRACTION);

    // Cancel: premium stays until the end of the paid period.
    await page.goto('/subscription');
    const current = page.getByTestId('current-subscription');
    await expect(current).toContainText('Active');
    await current.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(toasts(page).getByText('Subscription Cancelled', { exact: true })).toBeVisible();
    await expect(current).toContainText('Cancelled');
    await expect(current).toContainText('Premium until');
    await expect
      .poll(async () => (await (await page.request.get('/api/auth/status')).json()).user.membershipStatus, {
        timeout: 30_000,
      })
      .toBe('cancelled');
    expect(await roleOf(page)).toBe('premium');
    await page.reload();
    await expect(page.getByTestId('role-dot')).toHaveAttribute('data-role', 'premium');
    await saveShot(page, 'billing-subscription-cancelled-1280-light');

    // Past the period end, billing ends the subscription and auth makes the account registered again. The clock is
    // internal: only a caller with the services' secret moves it.
    const advance = (headers: Record<string, string>) =>
      page.request.post(`${BILLING_URL}/internal/test-clock/advance`, { data: { days: 32 }, headers });
    expect((await advance({})).status()).toBe(401);
    const moved = await advance({ 'x-pixtract-internal-token': process.env.INTERNAL_TOKEN! });
    expect(moved.status(), await moved.text()).toBe(200);
    await expect.poll(() => roleOf(page), { timeout: 30_000 }).toBe('registered');
    await page.reload();
    await expect(page.getByTestId('role-dot')).toHaveAttribute('data-role', 'registered');
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(page.getByTestId('current-subscription')).toHaveCount(0);
  } finally {
    await gallery.close();
  }
});

test("donate $10 from the footer's Support Us with PayPal's button: Thank you!", async ({ page }) => {
  await prepare(page);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Support Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support Pixtract' });
  await dialog.getByRole('button', { name: '$10.00' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('10.00');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Donate $10.00')).toBeVisible();
  await expect(dialog.getByTestId('test-payments')).toBeVisible();
  await saveShot(page, 'billing-donation-paypal-1280-dark');

  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'PayPal' }).click();
  const popup = await popupOpened;
  await expect(popup.getByText('10.00 USD')).toBeVisible();
  await popup.getByRole('button', { name: 'Approve' }).click();

  await expect(dialog.getByText('Thank you!')).toBeVisible();
  await expect(toasts(page).getByText('Thank you!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('a donation cancelled on PayPal says Payment Cancelled; a wrong amount says Invalid amount', async ({ page }) => {
  await prepare(page);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Support Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Support Pixtract' });
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('0');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // Said in the dialog too: the modal hides the toast area from assistive technology.
  await expect(dialog.getByRole('alert')).toHaveText(/^Invalid amount\s*Please enter a valid donation amount$/);

  await dialog.getByRole('textbox', { name: 'Amount' }).fill('7.5');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const popupOpened = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'PayPal' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('status')).toContainText('Payment Cancelled');
  await expect(dialog.getByText('Donate $7.50')).toBeVisible();
});

test('the donation card opens the dialog at $10.00, and dismissing it leaves a Donate button', async ({ page }) => {
  await prepare(page);
  await page.goto('/#support');
  const support = page.locator('#support');
  await support.getByRole('button', { name: 'Donate $10.00' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Amount' })).toHaveValue('10.00');
  await page.keyboard.press('Escape');
  await support.getByRole('button', { name: 'Hide donation card' }).click();
  await expect(support.getByRole('button', { name: 'Donate', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator('#support').getByRole('button', { name: 'Donate', exact: true })).toBeVisible();
});

test("the home page's Premium card leads to Hobby monthly's payment page, and visitors are asked to sign in", async ({
  page,
}) => {
  await prepare(page);
  await page.goto('/#pricing');
  await page.locator('#pricing').getByRole('link', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/payment\?plan=hobby-monthly$/);
  await expect(page.getByRole('heading', { name: 'Plan summary' })).toBeVisible();
  await expect(page.getByText('Authentication Required')).toBeVisible();

  await page.goto('/pricing');
  await expect(page.getByRole('tab', { name: 'Legacy Plans' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('listitem', { name: 'Premium' }).getByRole('button', { name: 'Choose' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(toasts(page).getByText('Login Required', { exact: true })).toBeVisible();

  await page.goto('/pricing');
  await page.getByRole('tab', { name: 'Subscription Plans' }).click();
  await page.locator('[data-plan="startup-monthly"]').getByRole('button', { name: 'Subscribe' }).click();
  await expect(toasts(page).getByText('Authentication Required', { exact: true })).toBeVisible();
});

/**
 * One account for every variant: registering is rate-limited per address (5 in 10 minutes) and the whole suite
 * shares that allowance.
 */
test.describe("a member's screens", () => {
  const screensMember = { username: `screens-${Date.now().toString(36)}`, password: 'correct horse battery' };
  test.beforeAll(async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const registered = await api.post('/api/auth/register', { data: screensMember });
    expect(registered.status(), await registered.text()).toBe(201);
    await api.dispose();
  });

  for (const { width, theme, prefix } of [
    { width: 1280, theme: 'dark', prefix: '' },
    { width: 390, theme: 'light', prefix: '' },
    { width: 1280, theme: 'light', prefix: '/ar' },
    { width: 390, theme: 'dark', prefix: '/ar' },
  ] as const) {
    test(`pricing, subscription and donation at ${width} px, ${theme}${prefix ? ', Arabic' : ''}: no serious accessibility violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await prepare(page, { theme });
      const loggedIn = await page.request.post('/api/auth/login', { data: screensMember });
      expect(loggedIn.status(), await loggedIn.text()).toBe(200);
      await page.goto(`${prefix}/pricing`);
      await expect(page.locator('[data-plan="hobby-monthly"]')).toBeVisible();
      await page.getByRole('radio').nth(1).click();
      await expect(page.locator('[data-plan="hobby-annual"]')).toBeVisible();
      await expectAccessible(page);
      await saveShot(page, `billing-pricing-annual-${width}-${theme}${prefix ? '-ar' : ''}`);
      await page.goto(`${prefix}/subscription`);
      await expect(page.locator('[data-plan="hobby-monthly"]')).toBeVisible();
      await expectAccessible(page);
      await saveShot(page, `billing-subscription-${width}-${theme}${prefix ? '-ar' : ''}`);
      await page.getByRole('contentinfo').getByRole('button').last().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
      await saveShot(page, `billing-donation-${width}-${theme}${prefix ? '-ar' : ''}`);
    });
  }
});
