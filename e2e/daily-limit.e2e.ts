import type { ExtractionResponse, Limits } from '@pixtract/contracts';
import { startGallerySite } from './gallery-site';
import { expect, prepare, signUpAndIn, test } from './support';

let gallery: Awaited<ReturnType<typeof startGallerySite>>;
test.beforeAll(async () => {
  gallery = await startGallerySite();
});
test.afterAll(() => gallery.close());

test('using up the day shows Daily Limit Reached in the words for a registered account', async ({ page }) => {
  // The default registered quota (1,500 a day, 100 per extraction) takes 15 extractions to use up; a low quota
  // set with PIXTRACT_QUOTA_REGISTERED_DAILY makes it one or two.
  test.setTimeout(240_000);
  await prepare(page);
  await signUpAndIn(page, 'limit');

  let limits: Limits | undefined;
  for (let attempt = 0; attempt < 40 && limits?.remaining !== 0; attempt++) {
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
    toasts.getByText(/^You've reached your daily limit of [\d,]+ images\. Upgrade to premium for higher limits\.$/),
  ).toBeVisible();
});
