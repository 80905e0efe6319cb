import type { Page } from '@playwright/test';
import { expect, expectAccessible, prepare, saveShot, test } from './support';

/** The Google sign-in simulator global-setup.ts runs, as npm start does without a Google client. */
const simulatorOrigin = () => process.env.PIXTRACT_E2E_GOOGLE_ORIGIN!;

/** On the simulator's account chooser: it says what it is, then signs in as `email`. */
async function chooseTestAccount(page: Page, email: string, name: string) {
  await expect(page).toHaveURL((url) => url.origin === simulatorOrigin() && url.pathname.startsWith('/signin/'));
  await expect(page.getByText('Simulator – test sign-in, not Google')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a test account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await saveShot(page, 'google-simulator-sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('Continue with Google on the auth page signs in through the simulator, which the page calls "Test sign-in"', async ({
  page,
}) => {
  await prepare(page, { theme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/auth');
  const google = page.getByRole('main').getByRole('link', { name: 'Continue with Google' });
  await expect(google).toHaveAccessibleDescription('Test sign-in A local simulator stands in for Google.');
  await expect(page.getByRole('main').getByTestId('test-sign-in')).toBeVisible();
  await expectAccessible(page);
  await saveShot(page, 'auth-google-1280-light');

  // The header's dialog offers it too.
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  await expect(dialog.getByTestId('test-sign-in')).toBeVisible();
  await saveShot(page, 'auth-dialog-google-1280-light');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const email = `google-${Date.now().toString(36)}@example.com`;
  await google.click();
  await chooseTestAccount(page, email, 'Grace Google');

  await expect(page).toHaveURL(/\/$/);
  const myAccount = page.getByRole('banner').getByRole('link', { name: 'My Account' });
  await expect(myAccount.getByTestId('role-dot')).toHaveAttribute('data-role', 'registered');
  await myAccount.click();
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByRole('main').getByText(email).first()).toBeVisible();
});

test('the auth page with Google at 390 px dark, in English and Arabic (right to left)', async ({ page }) => {
  await prepare(page, { theme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/auth');
  await expect(page.getByRole('main').getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  await saveShot(page, 'auth-google-390-dark');

  await page.goto('/ar/auth');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const google = page.getByRole('main').getByRole('link', { name: 'المتابعة باستخدام Google' });
  await expect(google).toHaveAccessibleDescription('تسجيل دخول تجريبي محاكٍ محلي يحلّ محلّ Google.');
  await expectAccessible(page);
  await saveShot(page, 'auth-google-390-dark-ar');
});

test("/auth/google (the specification's link) starts Google sign-in; a cancelled one comes back to the sign-in page, which says why in the visitor's language", async ({
  page,
}) => {
  await prepare(page);
  for (const path of ['/auth/google', '/ar/auth/google']) {
    const answer = await page.request.get(path, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe('/api/auth/google');
  }

  await page.goto('/auth/google');
  await expect(page).toHaveURL((url) => url.origin === simulatorOrigin());
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/auth\?error=GOOGLE_SIGN_IN_FAILED$/);
  await expect(page.getByRole('alert')).toHaveText('Google sign-in failed. Please try again.');
  await expect(page.locator('body')).not.toContainText('statusCode');

  await page.context().addCookies([{ name: 'preferredLang', value: 'ar', url: page.url() }]);
  await page.goto('/ar/auth/google');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/ar\/auth\?error=GOOGLE_SIGN_IN_FAILED$/);
  await expect(page.getByRole('alert')).toHaveText('فشل تسجيل الدخول باستخدام Google. يرجى المحاولة مرة أخرى.');
});
