import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, fixtureUrl, prepare, saveShot, signUpAndIn, test, type Theme } from './support';

/**
 * Accessibility as a person using a keyboard and a screen reader meets it: axe on every screen in both reading
 * directions, themes and widths (each screen's picture saved when PIXTRACT_SHOTS_DIR is set), and the main journeys
 * done with keys alone.
 */

const basicPage = () => fixtureUrl('/pages/basic.html');

interface Screen {
  name: string;
  path: () => string;
  /** Signs in first (the member's dashboard). */
  member?: boolean;
  ready: (page: Page) => Promise<void>;
}

const heading = (page: Page) => expect(page.locator('main h1').first()).toBeVisible();

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', ready: heading },
  {
    name: 'results',
    path: () => `/results?url=${encodeURIComponent(basicPage())}`,
    ready: async (page) => {
      await expect(page.locator('main ul[aria-label] img')).toHaveCount(3, { timeout: 30_000 });
      await expect(page.getByRole('region', { name: /F8/ }).locator('li')).toBeVisible();
    },
  },
  { name: 'auth', path: () => '/auth', ready: (page) => expect(page.getByRole('tablist')).toBeVisible() },
  { name: 'pricing', path: () => '/pricing', ready: heading },
  { name: 'blog', path: () => '/blog', ready: heading },
  { name: 'terms', path: () => '/terms', ready: heading },
  { name: 'privacy', path: () => '/privacy', ready: heading },
  { name: 'member', path: () => '/member', member: true, ready: heading },
  { name: 'not-found', path: () => '/no/such/page', ready: heading },
];

const VARIANTS: Array<{ width: number; theme: Theme; prefix: '' | '/ar' }> = (['', '/ar'] as const).flatMap((prefix) =>
  (['light', 'dark'] as const).flatMap((theme) => [1280, 390].map((width) => ({ width, theme, prefix }))),
);

/** Every axe rule that applies (WCAG A/AA and best practice), of any impact. */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return violations.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

/** Presses Tab until `target` has focus (a keyboard user's way there), failing after `limit` stops. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let stop = 0; stop < limit; stop++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target.toString()} was not reached in ${limit} Tab presses`);
}

for (const screen of SCREENS) {
  for (const { width, theme, prefix } of VARIANTS) {
    const language = prefix ? 'Arabic' : 'English';
    test(`${screen.name} in ${language} at ${width} px, ${theme}: no axe violation of any impact`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await prepare(page, { theme });
      if (screen.member) await signUpAndIn(page, 'a11y');
      await page.goto(prefix + screen.path());
      await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr');
      await screen.ready(page);
      expect(await axeViolations(page)).toEqual([]);
      await saveShot(page, `${screen.name}-${width}-${theme}${prefix ? '-ar' : ''}`);
    });
  }
}

for (const { width, theme, prefix, next, back } of [
  { width: 1280, theme: 'light' as const, prefix: '', next: 'ArrowRight', back: 'ArrowLeft' },
  { width: 390, theme: 'dark' as const, prefix: '/ar', next: 'ArrowLeft', back: 'ArrowRight' },
]) {
  const language = prefix ? 'Arabic' : 'English';
  test(`by keyboard alone in ${language} at ${width} px: extract, hear the outcome, walk the preview, come back`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await prepare(page, { theme });
    await page.goto(`${prefix}/`);
    await expect(page.locator('main h1')).toBeVisible();

    // The first Tab stop skips the header.
    await page.keyboard.press('Tab');
    const skip = page.locator('a[href="#main"]').first();
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await saveShot(page, `skip-link-${width}-${theme}${prefix ? '-ar' : ''}`);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();

    const address = page.locator('main input[type="url"], main input[inputmode="url"]').first();
    await tabTo(page, address);
    await page.keyboard.type(basicPage());
    await page.keyboard.press('Enter');

    // Announced politely, and focus lands on the results' heading.
    const announcement = page.getByTestId('extraction-announcement');
    await expect(announcement).toHaveAttribute('role', 'status');
    await expect(page.locator('#results-title')).toBeFocused({ timeout: 30_000 });
    await expect(announcement).toHaveText(
      prefix ? 'اكتمل الاستخراج: عُثر على ٣ صور' : 'Extraction complete: 3 images found',
    );

    // The tiles' checkboxes show without hover or focus, and a focused one has a ring of 2 px or more.
    const grid = page.locator('main ul[aria-label]');
    const firstCheckbox = grid.locator('input[type="checkbox"]').first();
    expect(await firstCheckbox.evaluate((box) => getComputedStyle(box.parentElement!).opacity)).toBe('1');
    await tabTo(page, firstCheckbox);
    const ring = await firstCheckbox.evaluate((box) => {
      const style = getComputedStyle(box.parentElement!);
      return { width: parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    await saveShot(page, `checkbox-focus-${width}-${theme}${prefix ? '-ar' : ''}`);

    // Open the first image from its tile, by keyboard.
    const opener = grid.getByRole('listitem').first().getByRole('button').first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(prefix ? 'الصورة ١ من ٣' : 'Image 1 of 3');
    const firstName = await dialog
      .getAttribute('aria-labelledby')
      .then((id) => page.locator(`[id="${id}"]`).innerText());
    await page.keyboard.press(next);
    await expect(dialog).toHaveAccessibleDescription(prefix ? 'الصورة ٢ من ٣' : 'Image 2 of 3');
    const secondName = await page.locator(`[id="${await dialog.getAttribute('aria-labelledby')}"]`).innerText();
    expect(secondName).not.toBe(firstName);
    await page.keyboard.press(back);
    await expect(dialog).toHaveAccessibleDescription(prefix ? 'الصورة ١ من ٣' : 'Image 1 of 3');
    // The Next button does the same.
    const nextButton = dialog.getByRole('button', { name: prefix ? 'الصورة التالية' : 'Next image' });
    await tabTo(page, nextButton);
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveAccessibleDescription(prefix ? 'الصورة ٢ من ٣' : 'Image 2 of 3');
    await expect(nextButton).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await saveShot(page, `preview-${width}-${theme}${prefix ? '-ar' : ''}`);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}

for (const { width, prefix } of [
  { width: 1280, prefix: '' },
  { width: 390, prefix: '/ar' },
]) {
  test(`a wrong password by keyboard (${prefix ? 'Arabic' : 'English'}, ${width} px): the error is said and focus is on the field`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await prepare(page, { theme: 'light' });
    await page.goto(`${prefix}/auth`);
    const login = page.getByRole('tabpanel').first();
    const username = login.locator('input[autocomplete="username"]');
    const password = login.locator('input[type="password"]');
    await tabTo(page, username);
    await page.keyboard.type(`nobody-${Date.now()}`);
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.type('wrong password');
    await page.keyboard.press('Enter');

    const alert = login.getByRole('alert');
    await expect(alert).toContainText(prefix ? 'فشل تسجيل الدخول' : 'Login failed');
    await expect(username).toBeFocused();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    const error = (await alert.innerText()).replace(/\s+/g, ' ').trim();
    await expect(username).toHaveAccessibleDescription(error);
    // The error stays on the page; it does not fade with the toast.
    await page.waitForTimeout(6000);
    await expect(alert).toHaveText(/\S/);
    expect(await axeViolations(page)).toEqual([]);
    await saveShot(page, `login-error-${width}${prefix ? '-ar' : ''}`);
  });
}

test('the login modal gives focus back to the header button that opened it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await prepare(page, { theme: 'dark' });
  await page.goto('/');
  const trigger = page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await saveShot(page, 'login-modal-1280-dark');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('asked for less motion, the spinner and the progress fill stand still', async ({ page }) => {
  await prepare(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.locator('main h1')).toBeVisible();
  const timings = () =>
    page.evaluate(() => {
      const probe = document.createElement('div');
      probe.className = 'animate-spin transition-[width] duration-500';
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const result = {
        animation: parseFloat(style.animationDuration),
        transition: parseFloat(style.transitionDuration),
      };
      probe.remove();
      return result;
    });
  const still = await timings();
  expect(still.animation).toBeLessThan(0.001);
  expect(still.transition).toBeLessThan(0.001);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await timings()).toEqual({ animation: 1, transition: 0.5 });
});
