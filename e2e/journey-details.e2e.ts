import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { expect, fixtureUrl, prepare, saveShot, signUpAndIn, test, type Theme } from './support';

/**
 * Issue 17, points 7-10, in real Chromium at desktop and phone width: every size of a picture, icons apart, the
 * phone's popup, anchors and history, and the details (tab titles, password rules, Arabic addresses and sizes).
 */
const journeyPage = () => fixtureUrl('/pages/journey-details.html');
const VIEWPORTS = [
  { name: '1280', width: 1280, height: 900 },
  { name: '390', width: 390, height: 844 },
] as const;

/** The grid, found by its shape so it is the same in every language (as a11y.e2e does). */
const grid = (page: Page) => page.locator('main ul[aria-label]').first();
const tiles = (page: Page) => grid(page).getByRole('listitem');

async function openResults(page: Page, url: string, language = '') {
  await page.goto(`${language}/results?url=${encodeURIComponent(url)}`);
  await expect(grid(page).locator('img').first()).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/&id=/);
}

/** The image entries of a ZIP, read from its central directory (each header: signature, then the name at 46). */
function archiveImageNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (
    let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    at >= 0;
    at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 46)
  ) {
    const name = zip.toString('utf8', at + 46, at + 46 + zip.readUInt16LE(at + 28));
    if (name.startsWith('images/')) names.push(name);
  }
  return names;
}

async function downloadAll(page: Page): Promise<string[]> {
  const [archive] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'DOWNLOAD ALL' }).click(),
  ]);
  return archiveImageNames(readFileSync(await archive.path()));
}

/** The popup, not the home page's 'Stay Updated' section: the one that can be closed. */
const newsletterPopup = (page: Page) =>
  page
    .getByRole('region', { name: 'Stay Updated' })
    .filter({ has: page.getByRole('button', { name: 'Close newsletter offer' }) });

/** Whether an element's box lies wholly inside the viewport and below the sticky header. */
async function clearOfHeader(page: Page, target: Locator) {
  const header = await page.getByRole('banner').boundingBox();
  const box = await target.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'target is rendered').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
}

/** On a phone the results' controls fold behind one Filters button: open it (nothing to do on a desktop). */
async function openFilters(page: Page): Promise<void> {
  const filters = page.getByRole('button', { name: /^Filters/ });
  if (await filters.isVisible()) await filters.click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.name} px`, () => {
    test.beforeEach(({ page }) => page.setViewportSize(viewport));

    test('the Kind filter hides icons, says how many, and shows them on request (7, 8)', async ({ page }) => {
      await prepare(page, { theme: 'light' });
      await openResults(page, journeyPage());
      await expect(tiles(page)).toHaveCount(3);
      await openFilters(page);
      await expect(page.getByText('3 icons hidden', { exact: true })).toBeVisible();
      const kinds = page.getByRole('group', { name: 'Kind' });
      await expect(kinds.getByRole('button', { name: 'Icons' })).toHaveAttribute('aria-pressed', 'false');
      await saveShot(page, `kind-filter-${viewport.name}-light`);

      await page.getByRole('button', { name: 'Show icons' }).click();
      await expect(tiles(page)).toHaveCount(6);
      await expect(kinds.getByRole('button', { name: 'Icons' })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByText(/icons hidden/)).toBeHidden();
      await kinds.getByRole('button', { name: 'Photos' }).click();
      await expect(page.getByText('2 photos hidden', { exact: true })).toBeVisible();
    });

    test('the preview lists the other sizes, each downloadable, and the ZIP takes the largest or every size (7)', async ({
      page,
    }) => {
      await prepare(page, { theme: 'dark' });
      await openResults(page, journeyPage());
      const boats = tiles(page).filter({ hasText: 'Boats at dusk' });
      await expect(boats.getByText('1600 × 1067')).toBeVisible();
      await boats.getByRole('button').first().click();
      const dialog = page.getByRole('dialog', { name: 'Image Preview' });
      await expect(dialog.getByText('Also available')).toBeVisible();
      const sizes = dialog.getByRole('link', { name: /^Download \d+ × \d+$/ });
      // Renditions keep the picture's shape: 800 px wide is 533 or 534 high, as the extractor rounds it.
      await expect(sizes).toHaveText([/^800 × 53[34]$/, /^200 × 13[34]$/]);
      await saveShot(page, `dialog-sizes-${viewport.name}-dark`);
      const [small] = await Promise.all([page.waitForEvent('download'), sizes.nth(1).click()]);
      expect(
        readFileSync(await small.path())
          .subarray(1, 4)
          .toString('latin1'),
      ).toBe('PNG');
      await page.keyboard.press('Escape');

      const option = page.getByLabel('Sizes in the ZIP');
      await expect(option).toHaveValue('largest');
      const largest = await downloadAll(page);
      expect(largest).toHaveLength(3);
      await option.selectOption({ label: 'All sizes' });
      const every = await downloadAll(page);
      expect(every).toHaveLength(5);
    });

    test('in Arabic, addresses and sizes read left to right and a size is the same in the tile and the dialog (10)', async ({
      page,
    }) => {
      await prepare(page, { theme: viewport.name === '390' ? 'dark' : 'light' });
      await openResults(page, journeyPage(), '/ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      // In sentences too: the success toast (5 s) names the page as a left-to-right isolate.
      await expect(page.locator('li').filter({ hasText: journeyPage() }).first()).toContainText(
        `\u2066${journeyPage()}\u2069`,
      );
      const address = page.locator('main h1 + p bdi[dir="ltr"]');
      await expect(address).toHaveAttribute('title', journeyPage());
      expect(await address.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      // Drawn left to right: the scheme's glyphs come before the path's, not a slash first ("/http://…").
      const starts = await address.evaluate((element) => {
        const range = document.createRange();
        const text = element.firstElementChild!.firstChild!;
        range.setStart(text, 0);
        range.setEnd(text, 1);
        const first = range.getBoundingClientRect().left;
        range.setStart(text, 4);
        range.setEnd(text, 5);
        return { h: first, colon: range.getBoundingClientRect().left };
      });
      expect(starts.h).toBeLessThan(starts.colon);

      const tile = tiles(page).first();
      const tileSize = tile.locator('[dir="ltr"]').filter({ hasText: /^[\d٠-٩]+ × [\d٠-٩]+$/ });
      const size = await tileSize.innerText();
      await tile.getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      await expect(
        dialog
          .locator('dd [dir="ltr"]')
          .filter({ hasText: /^[\d٠-٩]+ × [\d٠-٩]+$/ })
          .first(),
      ).toHaveText(size);
      await expect(dialog.locator('dd a[dir="ltr"]')).toHaveText(/^http:\/\/127\.0\.0\.1/);
      await saveShot(page, `dialog-ar-${viewport.name}-${viewport.name === '390' ? 'dark' : 'light'}`);
      await page.keyboard.press('Escape');
      await saveShot(page, `kind-filter-ar-${viewport.name}`);
    });

    test('Date sort is not offered: the order images were found is Position (10)', async ({ page }) => {
      await prepare(page);
      await openResults(page, journeyPage());
      await openFilters(page);
      await page.getByRole('button', { name: /^Sort:/ }).click();
      await expect(page.getByRole('menuitemradio')).toHaveText(
        ['Default', 'Size (largest first)', 'Position (as on page)'].map(
          (text) => new RegExp(`^${text.replace(/[()]/g, '\\$&')}`),
        ),
      );
    });

    test('each page sets its own tab title, in English and Arabic (10)', async ({ page }) => {
      await prepare(page);
      for (const language of ['', '/ar']) {
        const titles = new Map<string, string>();
        for (const path of [
          '/',
          '/pricing',
          '/blog',
          '/auth',
          '/terms',
          '/privacy',
          `/results?url=${encodeURIComponent(journeyPage())}`,
          '/no-such-page',
        ]) {
          await page.goto(`${language}${path}`);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
          await expect.poll(() => page.title()).not.toBe('');
          titles.set(path, await page.title());
        }
        expect(new Set(titles.values()).size, [...titles].join('\n')).toBe(titles.size);
      }
    });

    test('the password rule shows before submitting, and a refusal is in the visitor’s language (10)', async ({
      page,
    }) => {
      await prepare(page);
      await page.goto('/ar/auth?mode=register');
      const password = page.getByLabel('كلمة المرور');
      await expect(password).toHaveAccessibleDescription('8 أحرف على الأقل (128 حرفًا كحد أقصى).');
      await page.getByRole('tabpanel').getByRole('textbox').first().fill('journey');
      await password.fill('short');
      await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
      await expect(page.getByText('يجب أن تتكون كلمة المرور من 8 إلى 128 حرفًا.').first()).toBeVisible();
      await saveShot(page, `auth-rules-ar-${viewport.name}`);
    });
  });
}

test.describe('at phone width', () => {
  test.beforeEach(({ page }) => page.setViewportSize({ width: 390, height: 844 }));

  for (const theme of ['light', 'dark'] as Theme[]) {
    test(`the newsletter popup waits for the cookie notice and never covers the hero form (9, ${theme})`, async ({
      page,
    }) => {
      await page.clock.install();
      await page.addInitScript({ content: `localStorage.setItem('darkMode', '${theme === 'dark'}');` });
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Extract Images' })).toBeVisible();
      const cookies = page.getByRole('region', { name: 'Cookie notice' });
      const popup = newsletterPopup(page);
      await page.clock.runFor(61_000);
      await expect(cookies).toBeVisible();
      await expect(popup).toBeHidden();
      await saveShot(page, `phone-cookie-notice-${theme}`);

      await cookies.getByRole('button', { name: 'Accept' }).click();
      // The hero's address box is on screen: the offer waits.
      await page.clock.runFor(1_000);
      await expect(popup).toBeHidden();
      await page.locator('#how-it-works').scrollIntoViewIfNeeded();
      await expect(popup).toBeVisible();
      await saveShot(page, `phone-popup-${theme}`);
      await page.evaluate(() => window.scrollTo({ top: 0 }));
      await expect(popup).toBeHidden();
      await expect(page.getByRole('button', { name: 'Extract Images' })).toBeVisible();
    });
  }

  test('the popup waits for a minute on the site, not less (9)', async ({ page }) => {
    await page.clock.install();
    await page.addInitScript({
      content: "localStorage.setItem('cookieConsent', 'true'); window.__openedAt = Date.now();",
    });
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The minute starts between the page opening and the app showing it (however long loading takes here).
    const [openedAt, shownAt] = await page.evaluate(() => [
      (window as unknown as { __openedAt: number }).__openedAt,
      Date.now(),
    ]);
    const popup = newsletterPopup(page);
    await page.clock.pauseAt(openedAt + 59_000);
    await expect(popup).toBeHidden();
    await page.clock.runFor(shownAt + 60_000 - (openedAt + 59_000));
    await expect(popup).toBeVisible();
  });

  test('section links from the phone menu land with the section title below the header (9)', async ({ page }) => {
    await prepare(page, { theme: 'light' });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    for (const [link, heading] of [
      ['How It Works', 'How It Works'],
      ['Features', 'Features'],
      ['Donation', /Support/],
    ] as const) {
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      if (link === 'Features') await saveShot(page, 'phone-menu-light');
      await page.getByRole('banner').getByRole('link', { name: link }).click();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      const title = page.getByRole('heading', { name: heading, level: 2 }).first();
      await expect(title).toBeInViewport({ ratio: 1 });
      await expect(async () => clearOfHeader(page, title)).toPass({ timeout: 5_000 });
    }
  });

  test('history rows keep both ends of a long address readable (9)', async ({ page }) => {
    await prepare(page);
    await signUpAndIn(page, 'journey');
    const long = `${journeyPage()}?campaign=autumn-harbour-festival-2026-long-weekend&ref=newsletter`;
    await openResults(page, long);
    await page.goto('/member');
    const row = page.getByRole('tabpanel').getByRole('link').filter({ hasText: 'autumn-harbour' });
    await expect(row).toBeVisible();
    await expect(row).toHaveText(long);
    const [start, end] = [row.locator('bdi > span').first(), row.locator('bdi > span').nth(1)];
    await expect(end).toHaveText(long.slice(-20));
    await expect(end).toBeVisible();
    // The start is cut (its text is wider than its box), the end is whole.
    expect(await start.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await end.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await saveShot(page, 'phone-history-dark');
  });
});
