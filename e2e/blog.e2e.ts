import { type Page } from '@playwright/test';
import { expect, expectAccessible, prepare, saveShot, test, SCREEN_VARIANTS } from './support';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('the blog: the featured article, Latest Posts, search, a tag, Reset filters', async ({ page }) => {
  await prepare(page, { theme: 'light' });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page).toHaveTitle('Blog: guides to collecting images from the web | Pixtract');
  await expect(page.getByRole('heading', { level: 1, name: 'Pixtract Blog' })).toBeVisible();
  await expect(cards(page)).toHaveCount(8);
  await expect(cards(page).first().getByText('Featured')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Latest Posts' })).toBeVisible();
  // Descriptions on the cards are cut at 120 characters.
  for (const description of await cards(page).locator('p[lang="en"]').allInnerTexts())
    expect(description.length).toBeLessThanOrEqual(120);
  // Illustrations come from the app itself.
  for (const image of await cards(page).locator('img').all())
    await expect(image).toHaveAttribute('src', /^\/api\/blog-images\/[a-z0-9-]+\.svg$/);
  // Scripts run in the page: a string, where this file's (Node) types do not apply.
  await expect
    .poll(() =>
      page.evaluate("[...document.querySelectorAll('main article img')].every((image) => image.naturalWidth > 0)"),
    )
    .toBe(true);

  const search = page.getByRole('searchbox', { name: 'Search articles' });
  await search.fill('IntersectionObserver');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole('heading')).toHaveText(
    'Why lazy-loaded images go missing, and how Pixtract finds them',
  );
  await expect(page).toHaveURL(/\?q=IntersectionObserver$/);

  await search.fill('');
  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'API' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole('heading')).toHaveText('Using the Pixtract API from your own code');
  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: 'How it works' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Posts tagged with “How it works”' })).toBeVisible();
  await expect(cards(page)).toHaveCount(3);

  await search.fill('no article says this');
  await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(cards(page)).toHaveCount(8);
  await expect(page).toHaveURL(/\/blog$/);
});

test('an article: tags, title, date, read time, author, body, share links and three related articles', async ({
  page,
  baseURL,
}) => {
  await prepare(page, { theme: 'light' });
  await page.goto('/blog');
  await page.getByRole('link', { name: 'srcset explained: how to get the largest version of an image' }).click();
  await expect(page).toHaveURL(/\/blog\/srcset-and-the-largest-image$/);
  const article = page.getByRole('main').getByRole('article').first();
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(
    'srcset explained: how to get the largest version of an image',
  );
  await expect(page).toHaveTitle('srcset explained: how to get the largest version of an image | Pixtract Blog');
  await expect(article.getByRole('list', { name: 'Tags' })).toContainText('Responsive images');
  await expect(article.getByText('May 20, 2025')).toBeVisible();
  await expect(article.getByText(/^\d+ min read$/)).toBeVisible();
  await expect(article.getByText('By Pixtract Team')).toBeVisible();
  await expect(article.getByRole('heading', { level: 2, name: 'One picture, many files' })).toBeVisible();
  await expect(article.locator('pre code').first()).toContainText('srcset=');

  const address = encodeURIComponent(`${baseURL}/blog/srcset-and-the-largest-image`);
  const share = page.getByRole('navigation', { name: 'Share this article' });
  await expect(share.getByRole('link', { name: 'Share on Twitter' })).toHaveAttribute(
    'href',
    new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${address.replace(/[.%]/g, '\\$&')}&text=`),
  );
  await expect(share.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
    'href',
    `https://www.linkedin.com/sharing/share-offsite/?url=${address}`,
  );
  await expect(share.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${address}`,
  );
  await expect(share.getByRole('link', { name: 'Share by email' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=srcset%20explained/,
  );

  const related = page.locator('section', { has: page.getByRole('heading', { name: 'Related articles' }) });
  await expect(related.getByRole('article')).toHaveCount(3);
  for (const description of await related.locator('p[lang="en"]').allInnerTexts())
    expect(description.length).toBeLessThanOrEqual(100);
  await related.getByRole('article').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page).not.toHaveURL(/srcset-and-the-largest-image/);
});

test("an unknown article: 'Article Not Found', a 404 for crawlers, and the way back", async ({ page }) => {
  await prepare(page);
  const response = await page.goto('/blog/no-such-article');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Article Not Found | Pixtract');
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(cards(page)).toHaveCount(8);
});

for (const { width, theme, prefix } of SCREEN_VARIANTS) {
  const language = prefix ? 'Arabic' : 'English';
  test(`the blog and an article in ${language} at ${width} px, ${theme}: no serious accessibility violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await prepare(page, { theme });
    await page.goto(`${prefix}/blog`);
    await expect(page.locator('html')).toHaveAttribute('dir', prefix ? 'rtl' : 'ltr');
    await expect(cards(page)).toHaveCount(8);
    await expectAccessible(page);
    await saveShot(page, `blog-${width}-${theme}${prefix ? '-ar' : ''}`);

    await page.goto(`${prefix}/blog/why-lazy-loaded-images-go-missing`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Why lazy-loaded images go missing, and how Pixtract finds them',
    );
    // The article stays English, left to right, inside an Arabic page.
    await expect(page.locator('.article-body')).toHaveAttribute('dir', 'ltr');
    await expectAccessible(page);
    await saveShot(page, `blog-article-${width}-${theme}${prefix ? '-ar' : ''}`);
  });
}
