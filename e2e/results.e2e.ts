import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { startGallerySite } from './gallery-site';
import { expect, fixtureUrl, prepare, saveShot, signUpAndIn, test } from './support';

const basicPage = () => fixtureUrl('/pages/basic.html');
const grid = (page: Page) => page.getByRole('list', { name: 'Extracted images' });
const tiles = (page: Page) => grid(page).getByRole('listitem');

async function extractFromHome(page: Page, url: string) {
  await page.goto('/');
  await page.getByPlaceholder('Enter website URL').fill(url);
  await page.getByRole('button', { name: 'Extract Images' }).click();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
}

/** Width × height of a tile, as its caption says. */
async function areaOf(tile: Locator): Promise<number> {
  const [width, height] = (await tile.getByText(/^\d+ × \d+$/).innerText()).split(' × ').map(Number);
  return width * height;
}

test.beforeEach(({ page }) => prepare(page));

test('extracts a page from the hero and previews an image in both tabs', async ({ page }) => {
  await extractFromHome(page, basicPage());
  await expect(page).toHaveURL(/\/results\?url=/);
  await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByText('Images extracted!', { exact: true })).toBeVisible();
  await expect(page.getByText('3 images', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Preview image 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image Preview' });
  await expect(dialog.getByRole('tab', { name: 'Individual Image' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByText('640 × 480')).toBeVisible();
  // The file's type (the Save as choices list PNG too).
  await expect(dialog.locator('dd', { hasText: /^PNG$/ })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /\/images\/640x480\.png/ })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Open in New Window' })).toHaveAttribute('target', '_blank');

  await dialog.getByRole('tab', { name: 'Full Page Screenshot' }).click();
  await expect(dialog.getByRole('tab', { name: 'Full Page Screenshot' })).toHaveAttribute('aria-selected', 'true');
  // Captured, with the image outlined: basic.html is read without a browser, so its place comes from the
  // screenshot's own render.
  await expect(dialog.getByRole('img', { name: /Screenshot of the whole page/ })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('image-outline')).toBeVisible();
  await saveShot(page, 'dialog-fullpage-1280-dark');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('outlines the image where it sits on the screenshot in Arabic at phone width (right-to-left does not mirror it)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/ar/results?url=${encodeURIComponent(basicPage())}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The grid's name is Arabic here: found by its shape, as a11y.e2e does.
  const arabicGrid = page.locator('main ul[aria-label]');
  await expect(arabicGrid.locator('img')).toHaveCount(3, { timeout: 30_000 });
  await arabicGrid.getByRole('listitem').first().getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab').nth(1).click();
  const screenshot = dialog.locator('img[src*="fullpage=true"]');
  await expect(screenshot).toBeVisible({ timeout: 30_000 });
  const outline = dialog.getByTestId('image-outline');
  await expect(outline).toBeVisible();
  // basic.html's first image sits at the page's top left (8 px in, below the heading): so does its outline.
  const [shot, box] = [(await screenshot.boundingBox())!, (await outline.boundingBox())!];
  expect(box.x - shot.x).toBeLessThan(shot.width * 0.05);
  expect(box.y).toBeGreaterThan(shot.y);
  expect(box.y - shot.y).toBeLessThan(shot.height * 0.25);
  expect(box.x + box.width).toBeLessThan(shot.x + shot.width * 0.5);
  await saveShot(page, 'dialog-fullpage-390-ar-dark');
});

test('downloads one image and the whole page as a ZIP that opens', async ({ page }) => {
  // The gateway routes the media API to the zipper: a broken proxy fails here, before any page work.
  const proxied = await page.request.get(`/api/proxy-image?url=${encodeURIComponent(fixtureUrl('/images/20x20.png'))}`);
  expect(proxied.status(), await proxied.text()).toBe(200);
  expect(proxied.headers()['content-type']).toMatch(/^image\//);
  await page.goto(`/results?url=${encodeURIComponent(basicPage())}`);
  await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });

  await tiles(page).first().hover();
  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download image 1' }).click(),
  ]);
  const image = readFileSync(await single.path());
  expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');

  const [archive] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'DOWNLOAD ALL' }).click(),
  ]);
  expect(archive.suggestedFilename()).toMatch(/\.zip$/);
  const zip = readFileSync(await archive.path());
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  // The end-of-central-directory record says how many files the archive holds: the images and the URL list.
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  expect(zip.readUInt16LE(end + 10)).toBeGreaterThanOrEqual(3);
});

test.describe('a 120-image page', () => {
  let gallery: Awaited<ReturnType<typeof startGallerySite>>;
  test.beforeAll(async () => {
    gallery = await startGallerySite();
  });
  test.afterAll(() => gallery.close());

  test('sorts, shows duplicates on demand and pages through 48 at a time', async ({ page }) => {
    // A registered account may take 100 images from one extraction: enough for three pages.
    await signUpAndIn(page, 'gallery');
    await page.goto(`/results?url=${encodeURIComponent(gallery.url)}`);
    await expect(tiles(page)).toHaveCount(48, { timeout: 45_000 });

    const status = page.getByText(/^Page \d+ of \d+$/);
    const pages = Number((await status.innerText()).split(' of ')[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('button', { name: 'First' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(status).toHaveText(`Page 2 of ${pages}`);
    await expect(tiles(page).first().getByText('49', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Last' }).click();
    await expect(status).toHaveText(`Page ${pages} of ${pages}`);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'First' }).click();
    await expect(status).toHaveText(`Page 1 of ${pages}`);

    // The plan's cap applied: the banner offers an upgrade.
    await expect(page.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');

    // Duplicates are hidden by default; showing them adds to the count, hiding them takes them away again.
    const count = page.getByText(/^\d+ images$/);
    const withoutDuplicates = Number((await count.innerText()).split(' ')[0]);
    await page.getByRole('button', { name: 'Show Duplicates' }).click();
    await expect(page.getByRole('button', { name: 'Hide Duplicates' })).toHaveAttribute('aria-pressed', 'true');
    const withDuplicates = Number((await count.innerText()).split(' ')[0]);
    expect(withDuplicates).toBeGreaterThan(withoutDuplicates);
    await page.getByRole('button', { name: 'Hide Duplicates' }).click();
    await expect(count).toHaveText(`${withoutDuplicates} images`);

    // Largest first: every tile is at least as large as the next.
    await page.getByRole('button', { name: /^Sort: / }).click();
    await page.getByRole('menuitemradio', { name: 'Size (largest first)' }).click();
    await expect(page.getByRole('button', { name: 'Sort: Size (largest first)' })).toBeVisible();
    const areas = await Promise.all((await tiles(page).all()).slice(0, 6).map(areaOf));
    expect(areas).toEqual([...areas].sort((a, b) => b - a));

    await saveShot(page, 'results-gallery-1280-dark');
  });
});
