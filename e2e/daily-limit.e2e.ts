import type { ExtractionResponse, Limits } from '@pixtract/contracts';
import { E2E_DAILY_QUOTAS } from './e2e-stack';
import { startGallerySite } from './gallery-site';
import { expect, prepare, signUpAndIn, test } from './support';

let gallery: Awaited<ReturnType<typeof startGallerySite>>;
test.beforeAll(async () => {
  gallery = await startGallerySite();
});
test.afterAll(() => gallery.close());

test('using up the day shows Daily Limit Reached in the words for a registered account', async ({ page }) => {
  // The e2e stack's registered day (E2E_DAILY_QUOTAS, 100 per extraction) is used up by two extractions.
  test.setTimeout(120_000);
  await prepare(page);
  await signUpAndIn(page, 'limit');

  let limits: Limits | undefined;
  for (let attempt = 0; attempt < 4 && limits?.remaining !== 0; attempt++) {
    const answer = await page.request.post('/api/extract-images', { data: { url: gallery.url }, timeout: 60_000 });
    if (answer.status() === 429) break;
    expect(answer.status(), await answer.text()).toBe(200);
    limits = ((await answer.json()) as ExtractionResponse).limits;
  }

  // A page not asked for yet: the one asked for within minutes would open the stored result, which costs nothing.
  await page.goto(`/results?url=${encodeURIComponent(`${gallery.url}?another`)}`);
  const toasts = page.getByRole('region', { name: /^Notifications/ });
  await expect(toasts.getByText('Daily Limit Reached', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(
    toasts.getByText(
      `You've reached your daily limit of ${E2E_DAILY_QUOTAS.registered} images. Upgrade to premium for higher limits.`,
      { exact: true },
    ),
  ).toBeVisible();
});
