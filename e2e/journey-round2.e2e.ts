import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_ADMIN_USERNAME, E2E_DAILY_QUOTAS } from './e2e-stack';
import { startGallerySite } from './gallery-site';
import { expect as baseExpect, fixtureUrl, prepare, signUpAndIn, test, type Theme } from './support';

/**
 * What a new user still tripped over, walked in Chromium at desktop and phone width, in English and Arabic: the
 * hero's own checks, Get Started, the home flow's overlay and the try-it area's latest result, a failure that is no
 * dead end, the phone's Filters, numbers in the language's digits, recent images as thumbnails, the registered name
 * in the Login tab, the administrator's label, the blog's tag labels and ranked search, and the visited key.
 */

// Lazy pages and their language load slowly on a busy machine: each look waits longer than the default.
const expect = baseExpect.configure({ timeout: 15_000 });

const SHOTS = process.env.PIXTRACT_SHOTS_DIR ?? join(__dirname, '..', 'test-results', 'journey-round2');
const VARIANTS = [
  { width: 1280, height: 900, theme: 'light', prefix: '' },
  { width: 390, height: 844, theme: 'dark', prefix: '' },
  { width: 1280, height: 900, theme: 'dark', prefix: '/ar' },
  { width: 390, height: 844, theme: 'light', prefix: '/ar' },
] as const satisfies ReadonlyArray<{ width: number; height: number; theme: Theme; prefix: '' | '/ar' }>;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const basicPage = () => `${fixtureUrl('/pages/basic.html')}?round2=${unique()}`;
const grid = (page: Page) => page.getByRole('list', { name: /Extracted images|الصور المستخرجة/ });

for (const { width, height, theme, prefix } of VARIANTS) {
  const look = `${width}-${theme}${prefix ? '-ar' : ''}`;
  const arabic = prefix === '/ar';

  test.describe(`at ${width} px, ${theme}${arabic ? ', Arabic' : ''}`, () => {
    test.use({ viewport: { width, height } });

    test(`the hero refuses an address without a site, and Get Started leads to the address box (${look})`, async ({
      page,
    }) => {
      await prepare(page, { theme });
      await page.goto(`${prefix}/`);
      const box = page.locator('#address');
      for (const typed of ['foo', 'ht!tp://::']) {
        await box.fill(typed);
        await box.press('Enter');
        await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${prefix}/$`));
      }
      await shot(page, `hero-invalid-${look}`);

      await box.fill('');
      await page.locator('#pricing').scrollIntoViewIfNeeded();
      await page.locator('#pricing').getByRole('link').first().click();
      await expect(box).toBeFocused();
      await expect(box).toBeInViewport();
      await expect(page).toHaveURL(new RegExp(`${prefix}/$`));
    });

    test(`the home flow: overlay with quote, then the latest result in the try-it area (${look})`, async ({ page }) => {
      await prepare(page, { theme });
      await page.goto(`${prefix}/`);
      // The page answers after 3 s: long enough to look at the wait.
      const address = `${fixtureUrl('/delay/3000/pages/basic.html')}?round2=${unique()}`;
      await page.locator('#address').fill(address);
      await page.locator('#address').press('Enter');
      const overlay = page.getByTestId('loading-overlay');
      await expect(overlay).toBeVisible({ timeout: 15_000 });
      await expect(overlay.getByRole('progressbar')).toBeVisible();
      await expect(overlay.locator('blockquote')).not.toBeEmpty();
      await shot(page, `overlay-${look}`);
      await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
      await expect(overlay).toHaveCount(0);

      await page
        .getByRole('main')
        .getByRole('link', { name: arabic ? 'العودة إلى الرئيسية' : 'Back to Home' })
        .click();
      const latest = page.getByTestId('latest-result');
      await latest.scrollIntoViewIfNeeded();
      await expect(latest.getByRole('img')).toHaveCount(3);
      await expect(latest.getByRole('button').first()).toBeVisible();
      if (!arabic) {
        await expect(latest.getByRole('button', { name: 'DOWNLOAD ALL AS ZIP' })).toBeVisible();
        await expect(latest.getByRole('button', { name: 'Download All', exact: true })).toBeVisible();
        await expect(latest.getByRole('link', { name: 'Open the full results' })).toHaveAttribute('href', /&id=/);
      }
      await shot(page, `try-it-latest-${look}`);
    });

    test(`a failed extraction gives its address back to correct, and asks for no comments (${look})`, async ({
      page,
    }) => {
      await prepare(page, { theme });
      const missing = `http://no-such-host-${unique()}.invalid/`;
      await page.goto(`${prefix}/results?url=${encodeURIComponent(missing)}`);
      const field = page.getByRole('main').getByRole('textbox');
      await expect(field).toBeVisible({ timeout: 30_000 });
      await expect(field).toHaveValue(missing);
      await expect(field).toBeFocused();
      await expect(page.locator('#comments-title')).toHaveCount(0);
      await shot(page, `failed-retry-${look}`);

      const address = basicPage();
      await field.fill(address);
      await field.press('Enter');
      await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('url')).toBe(address);
    });

    test(`member dashboard: the language's digits and recent images as thumbnails (${look})`, async ({ page }) => {
      await prepare(page, { theme });
      await signUpAndIn(page, 'round2');
      await page.goto(`/results?url=${encodeURIComponent(basicPage())}`);
      await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
      await page.goto(`${prefix}/member`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
      // The e2e stack's daily allowance for members (E2E_DAILY_QUOTAS), in the language's own digits.
      const digits = new Intl.NumberFormat(arabic ? 'ar-u-nu-arab' : 'en');
      const usage = main.getByText(`${digits.format(3)} / ${digits.format(E2E_DAILY_QUOTAS.registered)}`, {
        exact: true,
      });
      await expect(usage).toBeVisible();
      if (arabic) await expect(main.getByText('الربع ١', { exact: false }).first()).toBeVisible();
      await main.getByRole('tab', { name: arabic ? 'أحدث الصور' : 'Recent Images' }).click();
      const thumbnails = main.getByRole('tabpanel').getByRole('img');
      await expect(thumbnails).toHaveCount(3);
      await expect(thumbnails.first()).toHaveAttribute('src', /^\/api\/proxy-image\?/);
      await expect(thumbnails.first()).toHaveAttribute('loading', 'lazy');
      await thumbnails.first().scrollIntoViewIfNeeded();
      await expect
        .poll(() => thumbnails.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await shot(page, `member-recent-images-${look}`);
    });
  });
}

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('results fold the filters behind Filters, and the first image shows without scrolling', async ({ page }) => {
    const gallery = await startGallerySite();
    try {
      await prepare(page, { theme: 'light' });
      await page.goto(`/results?url=${encodeURIComponent(`${gallery.url}?round2=${unique()}`)}`);
      const first = grid(page).getByRole('img').first();
      await expect(first).toBeVisible({ timeout: 60_000 });
      await expect(first).toBeInViewport();
      const filters = page.getByRole('button', { name: /^Filters/ });
      await expect(filters).toBeVisible();
      await expect(page.getByLabel('Min. width (px)')).toBeHidden();
      await shot(page, 'results-filters-closed-390-light');
      await filters.click();
      await page.getByLabel('Min. width (px)').fill('300');
      await expect(page.getByTestId('active-filters')).toHaveText('1');
      await shot(page, 'results-filters-open-390-light');
    } finally {
      await gallery.close();
    }
  });
});

test('after registering, the Login tab has the username filled in', async ({ page }) => {
  await prepare(page);
  const username = `round2-${unique()}`;
  await page.goto('/auth?mode=register');
  const register = page.getByRole('tabpanel', { name: 'Register' });
  await register.getByLabel('Username', { exact: true }).fill(username);
  await register.getByLabel('Password').fill('correct horse battery');
  await register.getByRole('button', { name: 'Create Account' }).click();
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await expect(login.getByLabel('Username or email')).toHaveValue(username);
  await expect(login.getByLabel('Password')).toBeFocused();
});

test("an administrator's account says Administrator", async ({ page }) => {
  await prepare(page);
  const credentials = { username: E2E_ADMIN_USERNAME, password: 'correct horse battery' };
  const registered = await page.request.post('/api/auth/register', { data: credentials });
  expect([201, 409]).toContain(registered.status());
  expect((await page.request.post('/api/auth/login', { data: credentials })).status()).toBe(200);
  await page.goto('/member');
  await expect(page.getByRole('main').getByText('Administrator', { exact: true })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'My Account' }).hover();
  await expect(page.getByText('Administrator', { exact: true }).last()).toBeVisible();
  await expect(page.getByText('Free Account', { exact: true })).toHaveCount(0);
});

test('the blog labels its tags in the reader’s language and features the best match first', async ({ page }) => {
  await prepare(page, { theme: 'light' });
  await page.goto('/ar/blog');
  const chips = page.getByRole('group').filter({ has: page.getByRole('button', { name: 'الكل' }) });
  await expect(chips.getByRole('button', { name: 'التحميل الكسول' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'lazy-loading' })).toHaveCount(0);
  await shot(page, 'blog-tags-1280-light-ar');

  await page.goto('/blog');
  const title = 'Save a whole gallery as one ZIP file';
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(title);
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(title);
});

test('the first visit writes the visited key the privacy page lists', async ({ page }) => {
  await prepare(page);
  await page.goto('/privacy');
  await expect(page.getByRole('main').getByText('visited', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('visited'))).toBe('true');
});
