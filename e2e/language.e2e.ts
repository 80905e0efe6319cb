import { expect, expectAccessible, prepare, saveShot, test } from './support';

test.beforeEach(({ page }) => prepare(page, { theme: 'light' }));

test('switches to Japanese: same page under /jp, words in Japanese, choice kept for a year', async ({
  page,
  context,
}) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '日本語' }).click();

  await expect(page).toHaveURL(/\/jp\/pricing$/);
  await expect(page.getByRole('heading', { name: '料金', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByText('{{language}}に切り替えています...'.replace('{{language}}', '日本語'))).toBeVisible();

  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'preferredLang');
  expect(cookie?.value).toBe('jp');
  const yearFromNow = Date.now() / 1000 + 31_536_000;
  expect(cookie!.expires).toBeGreaterThan(yearFromNow - 60);

  // An address without a prefix now opens in the chosen language.
  await page.goto('/');
  await expect(page).toHaveURL(/\/jp$/);
  await expect(page.getByRole('button', { name: '画像を抽出' })).toBeVisible();
  await saveShot(page, 'home-1280-jp');
});

test('switches to Arabic and lays the page out right to left', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();

  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('button', { name: 'استخراج الصور' })).toBeVisible();
  // Right to left: the logo sits on the right of the header.
  const logo = await page.getByRole('link', { name: 'الصفحة الرئيسية لـ Pixtract' }).boundingBox();
  expect(logo!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  await expectAccessible(page);
});

test('an unknown language prefix is the not-found page', async ({ page }) => {
  await page.goto('/xx/results');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
