import { expect, prepare, saveShot, test } from './support';

test('dark mode is on at a first visit and the choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
});

test('an unknown address shows Page Not Found', async ({ page }) => {
  await prepare(page);
  await page.goto('/there/is/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('at phone width the menu collapses, opens, and follows a section link', async ({ page }) => {
  await prepare(page, { theme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Features' })).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await saveShot(page, 'menu-390-light');
  await page.getByRole('banner').getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(/#features$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: 'Features', level: 2 })).toBeInViewport();
});

test('the header changes after 10 px of scroll', async ({ page }) => {
  await prepare(page);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-scrolled', 'false');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-scrolled', 'true');
});

test('the cookie notice comes after 2 s and remembers Decline', async ({ page }) => {
  await prepare(page, { cookieChoice: false });
  await page.goto('/');
  const notice = page.getByRole('region', { name: 'Cookie notice' });
  await expect(notice).toBeHidden();
  await expect(notice).toBeVisible({ timeout: 5000 });
  await notice.getByRole('button', { name: 'Decline' }).click();
  await expect(notice).toBeHidden();
  expect(await page.evaluate("localStorage.getItem('cookieConsent')")).toBe('false');
  // The page's clock under the test's hand: past the notice's 2 s delay at once, with nothing left to chance.
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.clock.runFor(3000);
  await expect(notice).toBeHidden();
});

test("'Stay Updated' subscribes an address, and refuses one without '@'", async ({ page }) => {
  await prepare(page);
  await page.goto('/#newsletter');
  const section = page.locator('#newsletter');
  await section.getByLabel('Email address').fill('not-an-address');
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();

  await section.getByLabel('Email address').fill(`reader-${Date.now()}@example.com`);
  await section.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribed!', { exact: true })).toBeVisible();
  await expect(section.getByLabel('Email address')).toHaveValue('');
});

test('a visit to /results without a URL goes home with Missing URL', async ({ page }) => {
  await prepare(page);
  await page.goto('/results');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Missing URL', { exact: true })).toBeVisible();
});

test('the Arabic home page speaks Arabic', async ({ page }) => {
  await prepare(page, { theme: 'light' });
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('احصل على أي صورة فورًا');
});
