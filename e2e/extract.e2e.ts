import { expect, test } from './support';

test('extracts every image of a page entered on the home page', async ({ page }) => {
  const pageUrl = `${process.env.PIXTRACT_E2E_FIXTURE_ORIGIN}/pages/basic.html`;

  await page.goto('/');
  await page.getByPlaceholder('Enter website URL').fill(pageUrl);
  await page.getByRole('button', { name: 'Extract Images' }).click();

  await expect(page.getByRole('list', { name: 'Extracted images' }).getByRole('img')).toHaveCount(3, {
    timeout: 30_000,
  });
});
