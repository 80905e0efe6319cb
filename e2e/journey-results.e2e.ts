import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { E2E_DAILY_QUOTAS } from './e2e-stack';
import { startGallerySite } from './gallery-site';
import { expect, fixtureUrl, prepare, test, type Theme } from './support';

/**
 * Issue 17, the results page's honest states, each at desktop and phone width: the bar that moves while a slow page
 * loads, one failure box, no images with its causes, counts that agree (with images the browser could not load
 * said, not hidden), ZIP progress, a screenshot that fails as a failure, and the daily limit's way out.
 */

const SHOTS = join(__dirname, '..', 'test-results', 'journey-results');
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Pages of our own for this run; `broken` paths answer a server error page instead (a site that went down). */
interface JourneySite {
  url(path: string): string;
  broken: Set<string>;
  close(): Promise<void>;
}

const image = (width: number, height: number, tag: string) =>
  `<img src="${fixtureUrl(`/images/${width}x${height}.png?c=${tag}`)}" alt="Photo ${tag}" width="${width}" height="${height}">`;
const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Journey</title></head><body>${body}</body></html>`;

async function startJourneySite(): Promise<JourneySite> {
  const broken = new Set<string>();
  // Fifteen pictures and one the visitor's browser will not get (the test cuts it off there).
  const sixteen = [
    ...Array.from({ length: 15 }, (_, i) => image(200 + i * 10, 150, `a${(i + 1).toString(16).padStart(5, '0')}`)),
    image(333, 222, 'badbad'),
  ].join('\n');
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (broken.has(path)) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(page('<h1>500 Internal Server Error</h1><p>Something broke.</p>'));
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (path === '/empty.html') return void res.end(page('<h1>Nothing to see</h1><p>Only words here.</p>'));
    if (path === '/sixteen.html') return void res.end(page(`<h1>Sixteen</h1>${sixteen}`));
    if (path === '/shot.html') return void res.end(page(`<h1>Shot</h1>${image(320, 200, 'cc0011')}`));
    if (path === '/slow.html') {
      // The page arrives a line a second for six seconds: a slow site still loading.
      res.write(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Slow</title></head><body><h1>Slow</h1>${image(300, 200, '00aa55')}`,
      );
      let lines = 0;
      const timer = setInterval(() => {
        res.write(`<p>line ${++lines}</p>`);
        if (lines < 6) return;
        clearInterval(timer);
        res.end(`${image(260, 180, '0055aa')}</body></html>`);
      }, 1000);
      return void req.on('close', () => clearInterval(timer));
    }
    res.end(page('<p>?</p>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${origin}${path}`,
    broken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let site: JourneySite;
test.beforeAll(async () => {
  site = await startJourneySite();
});
test.afterAll(() => site.close());

const results = (url: string, language = '') =>
  `${language ? `/${language}` : ''}/results?url=${encodeURIComponent(url)}`;
const grid = (page: Page) => page.getByRole('list', { name: 'Extracted images' });
/** A toast's title or text, as shown (its screen-reader announcement repeats it elsewhere). */
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });

for (const { name: size, width, height } of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`1. the bar counts the time while a slow page loads (${size})`, async ({ page }) => {
      const theme: Theme = size === 'desktop' ? 'light' : 'dark';
      await prepare(page, { theme });
      await page.goto(results(site.url(`/slow.html?${size}`)));
      const elapsed = page.getByTestId('extraction-elapsed');
      await expect(elapsed).toHaveText(/^\d+ sec elapsed$/, { timeout: 15_000 });
      const seconds = async () => Number((await elapsed.innerText()).split(' ')[0]);
      const first = await seconds();
      // The clock moves even when the worker has nothing new to say.
      await expect.poll(seconds, { timeout: 10_000 }).toBeGreaterThanOrEqual(first + 2);
      await shot(page, `1-loading-${size}-${theme}`);
      await expect(grid(page).getByRole('img')).toHaveCount(2, { timeout: 60_000 });
    });

    test(`2. an unreachable host shows the failure alone (${size})`, async ({ page }) => {
      await prepare(page);
      await page.goto(results(`http://no-such-host-${size}.invalid/`));
      const failure = page.getByRole('alert').filter({ hasText: 'Extraction Failed' });
      await expect(failure).toBeVisible({ timeout: 30_000 });
      await expect(failure).toContainText('We could not find that website');
      await expect(page.getByRole('heading', { name: 'No images found' })).toHaveCount(0);
      // The toast says the same thing, not a second, vaguer sentence.
      await expect(toast(page, 'Extraction failed')).toBeVisible();
      await expect(page.getByRole('region', { name: /^Notifications/ })).toContainText(
        'We could not find that website',
      );
      await shot(page, `2-unreachable-${size}-dark`);
    });

    test(`2. no images lists the likely causes and sends the old address back to the hero, selected (${size})`, async ({
      page,
    }) => {
      const theme: Theme = size === 'desktop' ? 'dark' : 'light';
      await prepare(page, { theme });
      const empty = site.url(`/empty.html?${size}`);
      await page.goto(results(empty));
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { name: 'No images found' })).toBeVisible({ timeout: 30_000 });
      await expect(main.getByRole('heading', { name: 'Likely causes' })).toBeVisible();
      await expect(main.getByText('The site refused our visit (some sites block automated browsers).')).toBeVisible();
      await expect(main.getByText('The page needs a login before it shows its images.')).toBeVisible();
      await expect(
        main.getByText('Its pictures are drawn in a canvas or play as video, not as image files.'),
      ).toBeVisible();
      await expect(main.getByText('The page is empty, or its content had not loaded yet.')).toBeVisible();
      await shot(page, `2-no-images-${size}-${theme}`);

      await main.getByRole('link', { name: 'Try a different URL' }).click();
      const field = page.getByPlaceholder('Enter website URL');
      await expect(field).toHaveValue(empty);
      await expect(field).toBeFocused();
      expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([
        0,
        empty.length,
      ]);
      await shot(page, `2-try-again-hero-${size}-${theme}`);
    });

    test(`3. counts agree, and an image the browser could not load is said and listed (${size})`, async ({ page }) => {
      await prepare(page);
      // The visitor's network loses this one picture, directly and through the proxy; the server still sees it.
      await page.route(
        (url) => url.href.includes('badbad'),
        (route) => route.abort('failed'),
      );
      await page.goto(results(site.url(`/sixteen.html?${size}`)));
      await expect(page.getByText('16 images', { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(toast(page, 'Images extracted!')).toBeVisible();
      await expect(page.getByRole('region', { name: /^Notifications/ })).toContainText('Found 16 images on');
      const summary = page.getByTestId('load-failures');
      await expect(summary).toHaveText('15 shown · 1 could not be loaded', { timeout: 15_000 });
      await expect(grid(page).locator('li:visible')).toHaveCount(15);
      // Tiles keep their numbers: the sixteenth is the one missing.
      await expect(grid(page).locator('li:visible').last().getByText('15', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Show which' }).click();
      const failed = page.getByRole('list', { name: 'Images that could not be loaded' });
      await expect(failed.getByRole('listitem')).toHaveCount(1);
      await expect(failed).toContainText('Image 16');
      await expect(failed.getByRole('link')).toHaveAttribute('href', /badbad/);
      await summary.scrollIntoViewIfNeeded();
      await shot(page, `3-load-failures-${size}-dark`);
    });

    test(`5. a screenshot of a page that went down says Screenshot Failed, and Try Again gets it (${size})`, async ({
      page,
    }) => {
      await prepare(page);
      // Its own address per width: a screenshot that worked is cached under its address.
      await page.goto(results(site.url(`/shot.html?${size}`)));
      await expect(grid(page).getByRole('img')).toHaveCount(1, { timeout: 30_000 });
      site.broken.add('/shot.html');
      try {
        await page.getByRole('button', { name: 'Preview image 1' }).click();
        const dialog = page.getByRole('dialog', { name: 'Image Preview' });
        await dialog.getByRole('tab', { name: 'Full Page Screenshot' }).click();
        const failure = dialog.getByRole('alert');
        await expect(failure).toContainText('Screenshot Failed', { timeout: 45_000 });
        await expect(failure).toContainText('Unable to load website screenshot');
        await expect(dialog.getByRole('img', { name: /Screenshot of the whole page/ })).toBeHidden();
        await shot(page, `5-screenshot-failed-${size}-dark`);
        site.broken.delete('/shot.html');
        await failure.getByRole('button', { name: 'Try Again' }).click();
        await expect(dialog.getByRole('img', { name: /Screenshot of the whole page/ })).toBeVisible({
          timeout: 45_000,
        });
      } finally {
        site.broken.delete('/shot.html');
      }
    });
  });
}

/** Every toast the page showed, in order (one at a time: a later one replaces an earlier one fast). */
async function recordToasts(page: Page) {
  await page.addInitScript({
    content: `
      window.__toasts = [];
      new MutationObserver(() => {
        for (const item of document.querySelectorAll('[role=region] ol > li')) {
          const text = item.innerText.replace(/\\s+/g, ' ').trim();
          if (text && window.__toasts[window.__toasts.length - 1] !== text) window.__toasts.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });`,
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

test.describe('4. ZIP progress', () => {
  let gallery: Awaited<ReturnType<typeof startGallerySite>>;
  test.beforeAll(async () => {
    gallery = await startGallerySite();
  });
  test.afterAll(() => gallery.close());

  for (const { name: size, width, height } of WIDTHS) {
    test(`a toast every 10 images, then the success percentage, counting what the header counts (${size})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await prepare(page, { theme: size === 'desktop' ? 'light' : 'dark' });
      const toasts = await recordToasts(page);
      await page.goto(results(`${gallery.url}?zip-${size}`));
      // The free plan's 25 of the gallery's 110.
      await expect(page.getByText('25 images', { exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(grid(page).getByRole('listitem')).toHaveCount(25);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'DOWNLOAD ALL' }).click();
      expect((await download).suggestedFilename()).toMatch(/^127\.0\.0\.1-images-\d{4}-\d{2}-\d{2}\.zip$/);
      await expect(toast(page, 'ZIP ready')).toBeVisible({ timeout: 30_000 });
      await expect(toast(page, 'Your ZIP holds 25 of 25 images (100% downloaded).')).toBeVisible();
      await shot(page, `4-zip-ready-${size}-${size === 'desktop' ? 'light' : 'dark'}`);
      const told = await toasts();
      expect(told).toContainEqual(expect.stringContaining('Your ZIP with 25 images is being prepared.'));
      expect(told).toContainEqual(expect.stringContaining('10 of 25 images added.'));
      expect(told).toContainEqual(expect.stringContaining('20 of 25 images added.'));
    });
  }
});

test.describe('6. the daily limit', () => {
  // A visitor in Tokyo: the reset (midnight UTC) is said in their own clock, 9:00 AM.
  test.use({ timezoneId: 'Asia/Tokyo' });
  let gallery: Awaited<ReturnType<typeof startGallerySite>>;
  test.beforeAll(async () => {
    gallery = await startGallerySite();
  });
  test.afterAll(() => gallery.close());

  test('a visitor out of images is offered sign-in and the plans, and told when the day starts again, in English and Arabic', async ({
    page,
  }) => {
    // The e2e stack's free day (E2E_DAILY_QUOTAS), 25 per extraction: two extractions use it up.
    test.setTimeout(120_000);
    await prepare(page);
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await page.request.post('/api/extract-images', {
        data: { url: `${gallery.url}?day=${attempt}` },
        timeout: 60_000,
      });
      if (answer.status() === 429) break;
      expect(answer.status(), await answer.text()).toBe(200);
      if ((await answer.json()).limits.remaining === 0) break;
    }

    for (const { name: size, width, height } of WIDTHS) {
      await page.setViewportSize({ width, height });
      await page.goto(results(`${gallery.url}?after-${size}`));
      const box = page.getByTestId('daily-limit');
      await expect(box.getByRole('heading', { name: 'Daily Limit Reached' })).toBeVisible({ timeout: 30_000 });
      await expect(box).toContainText(`You've reached your daily limit of ${E2E_DAILY_QUOTAS.free} images.`);
      await expect(box).toContainText(
        /Your allowance resets in \d+ (hours?|minutes?) \(\w{3},? 9:00\sAM GMT\+9, your time\)\./,
      );
      await expect(box.getByRole('link', { name: 'Sign in (free) for more images' })).toHaveAttribute('href', '/auth');
      await expect(box.getByRole('link', { name: 'Upgrade to premium' })).toHaveAttribute('href', '/pricing');
      await shot(page, `6-daily-limit-${size}-dark`);
    }

    // Arabic, at phone width: Arabic digits, right to left, the same ways out.
    await page.goto(results(`${gallery.url}?after-ar`, 'ar'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const box = page.getByTestId('daily-limit');
    // Arabic digits, as the page writes numbers in Arabic (web/src/i18n/number-format.ts).
    await expect(box).toContainText(new Intl.NumberFormat('ar-u-nu-arab').format(E2E_DAILY_QUOTAS.free), {
      timeout: 30_000,
    });
    await expect(box.getByRole('link', { name: 'سجّل الدخول (مجانًا) لمزيد من الصور' })).toHaveAttribute(
      'href',
      '/ar/auth',
    );
    await expect(box.getByRole('link', { name: 'الترقية إلى بريميوم' })).toHaveAttribute('href', '/ar/pricing');
    await shot(page, '6-daily-limit-phone-dark-ar');
  });
});

test('2. in Arabic at phone width: no images, its causes, and the hero again', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await prepare(page, { theme: 'light' });
  const empty = site.url('/empty.html?ar');
  await page.goto(results(empty, 'ar'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'لم يتم العثور على صور' })).toBeVisible({ timeout: 30_000 });
  await expect(main.getByRole('heading', { name: 'الأسباب المحتملة' })).toBeVisible();
  await expect(main.getByRole('listitem')).toHaveCount(4);
  await shot(page, '2-no-images-phone-light-ar');
  await main.getByRole('link', { name: 'جرّب عنوانًا آخر' }).click();
  await expect(page.getByRole('textbox').first()).toHaveValue(empty);
});
