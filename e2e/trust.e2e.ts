import type { AuthStatus } from '@pixtract/contracts';
import type { Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, fixtureUrl, prepare, saveShot, signUpAndIn, test, type Theme } from './support';

const basicPage = () => fixtureUrl('/pages/basic.html');
const grid = (page: Page) => page.getByRole('list', { name: 'Extracted images' });

/** Images charged to the signed-in user today, as auth counts them. */
async function usedToday(page: Page): Promise<number> {
  const status = (await (await page.request.get('/api/auth/status')).json()) as AuthStatus;
  return status.user!.usedToday;
}

test('reload, Back and the history open the stored result and charge nothing; Run again charges anew (audit row 12)', async ({
  page,
}) => {
  await prepare(page, { theme: 'light' });
  await signUpAndIn(page, 'reloader');
  await page.goto(`/results?url=${encodeURIComponent(basicPage())}`);
  await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
  // The address names the extraction, in place of the one asked for.
  await expect(page).toHaveURL(/\/results\?url=[^&]+&id=[0-9a-f-]{36}$/);
  const resultAddress = page.url();
  expect(await usedToday(page)).toBe(3);

  for (let reload = 0; reload < 4; reload++) {
    await page.reload();
    await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByText('Images extracted!', { exact: true })).toBeHidden();
  }
  expect(page.url()).toBe(resultAddress);
  expect(await usedToday(page)).toBe(3);

  // Asking for the page again from the hero opens the stored result too.
  await page.goto('/');
  await page.getByPlaceholder('Enter website URL').fill(basicPage());
  await page.getByRole('button', { name: 'Extract Images' }).click();
  await expect(page).toHaveURL(resultAddress);
  await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByText(/^Extracted (now|\d+ seconds? ago|\d+ minutes? ago)$/)).toBeVisible();
  await saveShot(page, 'results-stored-1280-light');

  // Back to the home page and forward again, then the member's history.
  await page.goBack();
  await page.goForward();
  await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
  await page.goto('/member');
  await page.getByRole('link', { name: basicPage() }).first().click();
  await expect(page).toHaveURL(resultAddress);
  await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
  expect(await usedToday(page)).toBe(3);

  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(page).not.toHaveURL(resultAddress);
  await expect(page).toHaveURL(/&id=[0-9a-f-]{36}$/);
  await expect(page.getByText('Images extracted!', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await usedToday(page)).toBe(6);
  await page.goBack();
  await expect(page).toHaveURL(resultAddress);
  await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
  expect(await usedToday(page)).toBe(6);
});

test("someone else's result address shows nothing of theirs, and offers its address to extract afresh (audit row 8)", async ({
  page,
  browser,
}) => {
  await prepare(page);
  await page.goto(`/results?url=${encodeURIComponent(basicPage())}`);
  await expect(grid(page).getByRole('img')).toHaveCount(3, { timeout: 30_000 });
  await expect(page).toHaveURL(/&id=/);

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await prepare(strangerPage);
  await strangerPage.goto(page.url());
  await expect(strangerPage.getByRole('alert')).toContainText('No extraction with that id.');
  await expect(grid(strangerPage)).toHaveCount(0);
  await expect(strangerPage.getByRole('textbox', { name: 'Website URL' })).toHaveValue(basicPage());
  await expect(strangerPage.getByRole('button', { name: 'Extract', exact: true })).toBeVisible();
  await saveShot(strangerPage, 'results-not-yours-1280-dark');
  await stranger.close();
});

for (const [width, theme, language] of [
  [1280, 'dark', 'en'],
  [390, 'light', 'en'],
  [390, 'dark', 'ar'],
] as const satisfies ReadonlyArray<readonly [number, Theme, string]>) {
  test(`Run again on a stored result at ${width} px, ${theme}, ${language}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await prepare(page, { theme });
    const prefix = language === 'en' ? '' : `/${language}`;
    await page.goto(`${prefix}/results?url=${encodeURIComponent(basicPage())}`);
    const runAgain = page.getByRole('button', { name: language === 'ar' ? 'تشغيل مرة أخرى' : 'Run again' });
    await expect(runAgain).toBeVisible({ timeout: 30_000 });
    await page.reload();
    await expect(runAgain).toBeVisible();
    await expect(page.getByRole('main').getByRole('img')).toHaveCount(3);
    await saveShot(page, `results-run-again-${width}-${theme}-${language}`);
  });
}

test('the app runs under its security headers, and a violation of its policy fails a test', async ({
  page,
  cspViolations,
}) => {
  await prepare(page);
  const answer = await page.goto('/');
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  await expect(page.getByRole('heading', { name: 'GET ANY IMAGE INSTANTLY' })).toBeVisible();

  // The check itself: an inline script is refused and reported; taken out of the list so this test still passes.
  // (Strings run in the page, where this file's Node types do not apply.)
  await page.evaluate(`{
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.append(script);
  }`);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(`'injected' in window`)).toBe(false);
  expect(cspViolations.join('\n')).toMatch(/script-src/);
  cspViolations.length = 0;
});

test('every e2e file takes `test` from support.ts, so each page is checked against the policy', () => {
  const files = readdirSync(__dirname).filter((name) => name.endsWith('.e2e.ts'));
  const direct = files.filter((name) =>
    /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'@playwright\/test'/.test(readFileSync(`${__dirname}/${name}`, 'utf8')),
  );
  expect(direct).toEqual([]);
  expect(files.length).toBeGreaterThan(5);
});
