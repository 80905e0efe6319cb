import type { Page } from '@playwright/test';
import { expect, expectAccessible, fixtureUrl, prepare, saveShot, test, SCREEN_VARIANTS } from './support';

interface Screen {
  name: string;
  /** The unprefixed address. */
  path: () => string;
  /** Waits, in any language, until the screen shows what it is for. */
  ready: (page: Page) => Promise<void>;
}

const heading = (page: Page) => expect(page.locator('main h1').first()).toBeVisible();

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', ready: heading },
  {
    name: 'results',
    path: () => `/results?url=${encodeURIComponent(fixtureUrl('/pages/basic.html'))}`,
    ready: async (page) => {
      await expect(page.locator('main ul[aria-label] img')).toHaveCount(3, { timeout: 30_000 });
      // The success toast is part of the screen; wait until it is in.
      await expect(page.getByRole('region', { name: /F8/ }).locator('li')).toBeVisible();
    },
  },
  { name: 'auth', path: () => '/auth', ready: (page) => expect(page.getByRole('tablist')).toBeVisible() },
  { name: 'pricing', path: () => '/pricing', ready: heading },
  { name: 'not-found', path: () => '/no/such/page', ready: heading },
];

for (const screen of SCREENS) {
  for (const { width, theme, prefix } of SCREEN_VARIANTS) {
    const language = prefix ? 'Arabic' : 'English';
    test(`${screen.name} in ${language} at ${width} px, ${theme}: no serious accessibility violation`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await prepare(page, { theme });
      await page.goto(prefix + screen.path());
      await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr');
      await screen.ready(page);
      await expectAccessible(page);
      await saveShot(page, `${screen.name}-${width}-${theme}${prefix ? '-ar' : ''}`);
    });
  }
}

test('the Arabic home page speaks Arabic', async ({ page }) => {
  await prepare(page, { theme: 'light' });
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('احصل على أي صورة فورًا');
});
