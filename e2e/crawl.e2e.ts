import type { Page } from '@playwright/test';
import { openArchive } from '@pixtract/testing';
import { readFile } from 'node:fs/promises';
import { startCrawlSite, type CrawlSite } from './crawl-site';
import { expect, prepare, saveShot, SCREEN_VARIANTS, signUpAndIn, test } from './support';

/**
 * Crawls from the address box through the whole stack (gateway, queue, extractor workers, socket.io): the whole
 * gallery behind "Next", its results page by page, the crawl's ZIP of what the grid shows with a folder per page,
 * Stop, the history, and the crawl page's looks.
 */

let site: CrawlSite;
test.beforeAll(async () => {
  site = await startCrawlSite();
});
test.afterAll(async () => {
  await site.close();
});

/** Starts a crawl of `url` in `scope` from the home page and waits for its page. */
async function startCrawl(page: Page, url: string, scope: string) {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Read' }).selectOption({ label: scope });
  await page.getByPlaceholder('Enter website URL').fill(url);
  await page.getByRole('button', { name: 'Start crawl' }).click();
  await expect(page).toHaveURL(/\/crawls\/[0-9a-f-]{36}$/);
}

/** The entries of the ZIP a click on `button` downloads. */
async function downloadedEntries(page: Page, button: string): Promise<{ names: string[]; urlList: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const archive = await openArchive(await readFile(await download.path()));
  try {
    expect(archive.tested).toBe(true);
    return { names: archive.names, urlList: await archive.text('all-image-urls.txt') };
  } finally {
    await archive.dispose();
  }
}

test('crawls the whole gallery behind Next: live pages, results by page, one file on three pages, the ZIP by page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await prepare(page, { theme: 'light' });
  await signUpAndIn(page, 'crawl');
  await startCrawl(page, site.url('/gallery/1.html'), 'The whole gallery');

  await expect(page.getByTestId('crawl-status')).toHaveText('Completed', { timeout: 120_000 });
  await expect(page.getByTestId('crawl.pagesDone')).toHaveText('3');
  await expect(page.getByText('Crawl complete: 3 pages read, 7 images.')).toBeVisible();
  // Page 3's Next points where robots.txt says no: not read, and the crawl says coverage may be partial.
  await expect(page.getByText('Coverage may be partial').first()).toBeVisible();
  const pages = page.getByRole('list', { name: 'Pages found' });
  await page.getByText(/pages found/).click();
  await expect(pages.getByRole('listitem').filter({ hasText: '/gallery/' })).toHaveCount(3);

  const grid = page.getByRole('list', { name: 'Extracted images' });
  await expect(grid.getByRole('listitem')).toHaveCount(7);
  await expect(grid.getByText('On 3 pages')).toHaveCount(1);

  await page
    .getByRole('combobox', { name: 'Page' })
    .selectOption({ label: site.url('/gallery/2.html').replace('http://', '') });
  await expect(grid.getByRole('listitem')).toHaveCount(3);
  await grid.getByRole('button', { name: 'Preview image 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Image Preview' });
  await expect(dialog.getByText('Found on 3 pages')).toBeVisible();
  await page.keyboard.press('Escape');

  // Download All zips what the grid shows: page 2's three images, all in page 2's folder — the shared one too,
  // since the Page filter shows it on page 2.
  await page.getByRole('combobox', { name: 'Folders in the ZIP' }).selectOption({ label: 'A folder per page' });
  const pageTwo = await downloadedEntries(page, 'DOWNLOAD ALL');
  expect(pageTwo.names.filter((name) => name.startsWith('images/'))).toEqual([
    'images/001-127_0_0_1_gallery_2_html/001-Photo_1f2937.png',
    'images/001-127_0_0_1_gallery_2_html/002-Photo_a00002.png',
    'images/001-127_0_0_1_gallery_2_html/003-Photo_b00002.png',
  ]);
  expect(pageTwo.urlList).toContain(`${site.url('/gallery/2.html')}\n`);
  expect(pageTwo.urlList).not.toContain('a00003');

  await page.getByRole('combobox', { name: 'Page' }).selectOption({ label: 'All pages' });
  const whole = await downloadedEntries(page, 'DOWNLOAD ALL');
  const images = whole.names.filter((name) => name.startsWith('images/'));
  expect(images).toHaveLength(7);
  expect(new Set(images.map((name) => name.split('/')[1])).size).toBe(3);

  // The crawl is in My Account's history, and opens at its own address.
  const crawlPath = new URL(page.url()).pathname;
  await page.goto('/member');
  const row = page.locator(`a[href="${crawlPath}"]`);
  await expect(row).toHaveText(site.url('/gallery/1.html'), { timeout: 30_000 });
  await expect(page.getByText('The whole gallery · 3 pages read')).toBeVisible();
  await row.click();
  await expect(page.getByTestId('crawl-status')).toHaveText('Completed');

  for (const { width, theme, prefix } of SCREEN_VARIANTS) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(`localStorage.setItem('darkMode', '${theme === 'dark'}')`);
    await page.goto(`${prefix}${crawlPath}`);
    await expect(page.getByTestId('crawl-status')).toBeVisible({ timeout: 20_000 });
    const grid = page.getByRole('list', { name: prefix ? 'الصور المستخرجة' : 'Extracted images' });
    await expect(grid.locator('li[data-status="loaded"]')).toHaveCount(7, { timeout: 20_000 });
    await saveShot(page, `crawl-${width}-${theme}${prefix.replace('/', '-')}`);
  }
});

test('stops a running crawl and keeps what it found', async ({ page }) => {
  test.setTimeout(120_000);
  await prepare(page, { theme: 'dark' });
  await startCrawl(page, site.url('/slow/index.html'), 'This page and the pages it links to');

  // The hub is read at once; its eight slow pages keep the crawl running.
  await expect(page.getByTestId('crawl.pagesDone')).not.toHaveText('0', { timeout: 60_000 });
  await expect(page.getByTestId('crawl-status')).toHaveText('Running');
  await expect(page.getByRole('list', { name: 'Reading now' })).toBeVisible();
  await saveShot(page, 'crawl-running-1280-dark');
  await page.getByRole('button', { name: 'Stop' }).click();

  await expect(page.getByTestId('crawl-status')).toHaveText('Stopped', { timeout: 30_000 });
  await expect(page.getByText('Crawl stopped')).toBeVisible();
  await expect(page.getByText(/^What was found is kept:/)).toBeVisible();
  const done = Number(await page.getByTestId('crawl.pagesDone').textContent());
  expect(done).toBeGreaterThan(0);
  expect(done).toBeLessThan(9);
  await expect(page.getByRole('list', { name: 'Extracted images' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run again' })).toBeVisible();
});

test('checks a list of addresses inline before crawling it', async ({ page }) => {
  // The crawl is given as long to end as it may take (below): the test's own time must hold it.
  test.setTimeout(150_000);
  await prepare(page, { theme: 'light' });
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Read' }).selectOption({ label: 'A list of addresses' });
  await expect(page.getByText('One address a line, up to 10 with your plan')).toBeVisible();
  const box = page.getByRole('textbox', { name: 'Web addresses, one a line' });
  await box.fill(`${site.url('/gallery/1.html')}\nnot an address`);
  await page.getByRole('button', { name: 'Start crawl' }).click();
  await expect(
    page.getByText('Line 2: Please enter a valid website URL (e.g., example.com or https://example.com)'),
  ).toBeVisible();
  // On the site's other host name: the stopped crawl's slow pages before may still hold the leases of 127.0.0.1.
  const otherHost = (path: string) => site.url(path).replace('127.0.0.1', 'localhost');
  await box.fill(`${otherHost('/gallery/1.html')}\n${otherHost('/gallery/3.html')}`);
  await page.getByRole('button', { name: 'Start crawl' }).click();
  await expect(page).toHaveURL(/\/crawls\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('crawl-status')).toHaveText('Completed', { timeout: 90_000 });
  await expect(page.getByTestId('crawl.pagesDone')).toHaveText('2');
});
