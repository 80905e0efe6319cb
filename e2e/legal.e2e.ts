import { expect, expectAccessible, prepare, saveShot, test, SCREEN_VARIANTS } from './support';

test('the terms the sign-up form asks people to agree to exist, from the auth page', async ({ page }) => {
  await prepare(page, { theme: 'light' });
  await page.goto('/auth');
  await page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page).toHaveTitle('Terms of Service | Pixtract');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  for (const heading of [
    'The service',
    'Acceptable use',
    'Images and your responsibility',
    'Accounts',
    'Plans and limits',
    'Subscriptions and donations',
    'Comments',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^\\d+\\. ${heading}$`) })).toBeVisible();
  }
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Plans and limits' }).click();
  await expect(page).toHaveURL(/\/terms#plans$/);
  await expect(page.getByRole('heading', { name: /Plans and limits/ })).toBeInViewport();
});

test('the privacy policy names what is stored, every cookie and local-storage key, the processors, retention, deletion and contact', async ({
  page,
}) => {
  await prepare(page, { theme: 'light' });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page).toHaveTitle('Privacy Policy | Pixtract');
  const main = page.getByRole('main');
  for (const text of [
    'Your account:',
    'Your extraction history:',
    'Usage:',
    'Newsletter:',
    'PayPal handles',
    'Google handles sign-in',
    'deleted within 30 days of a deletion request',
  ]) {
    await expect(main.getByText(text, { exact: false }).first()).toBeVisible();
  }
  const names = await main.getByRole('table').getByRole('rowheader').allInnerTexts();
  expect(names).toEqual([
    'pixtract.sid',
    'pixtract.visitor',
    'pixtract.oidc',
    'preferredLang',
    'darkMode',
    'cookieConsent',
    'newsletterDismissed',
    'donationDismissed',
    'visited',
  ]);
  await expect(main.getByRole('link', { name: 'support@pixtract.app' })).toHaveAttribute(
    'href',
    'mailto:support@pixtract.app',
  );

  // Every key the table names is one this browser really holds, or may: the app's own storage after a visit.
  const stored = await page.evaluate<string[]>('Object.keys(localStorage)');
  for (const key of stored) expect(names).toContain(key);
  for (const cookie of await page.context().cookies()) expect(names).toContain(cookie.name);
});

for (const { width, theme, prefix } of SCREEN_VARIANTS) {
  const language = prefix ? 'Arabic' : 'English';
  test(`terms and privacy in ${language} at ${width} px, ${theme}: no serious accessibility violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await prepare(page, { theme });
    for (const name of ['terms', 'privacy']) {
      await page.goto(`${prefix}/${name}`);
      await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr');
      await expect(page.getByRole('main').locator('h1')).toBeVisible();
      await expect(page.getByRole('main').locator('section')).not.toHaveCount(0);
      await expectAccessible(page);
      await saveShot(page, `${name}-${width}-${theme}${prefix ? '-ar' : ''}`);
    }
  });
}
