import { type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_USERNAME } from './e2e-stack';
import { expect, expectAccessible, fixtureUrl, prepare, saveShot, signUpAndIn, test } from './support';

const PASSWORD = 'correct horse battery';
const commentsOf = (page: Page) => page.getByRole('list', { name: 'Comments' });

/** The results of a fixture page of its own (each test comments on a page nobody else does). */
async function openResults(page: Page, prefix = '') {
  const url = `${fixtureUrl('/pages/basic.html')}?comments=${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.goto(`${prefix}/results?url=${encodeURIComponent(url)}`);
  await expect(page.locator('main ul[aria-label] img').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('#comments-title')).toBeVisible();
  return url;
}

/** The administrator the stack names in ADMIN_USERNAMES, signed in (registered the first time it is needed). */
async function signInAsAdmin(request: APIRequestContext) {
  const registered = await request.post('/api/auth/register', {
    data: { username: E2E_ADMIN_USERNAME, password: PASSWORD },
  });
  expect([201, 409]).toContain(registered.status());
  const loggedIn = await request.post('/api/auth/login', {
    data: { username: E2E_ADMIN_USERNAME, password: PASSWORD },
  });
  expect(loggedIn.status(), await loggedIn.text()).toBe(200);
}

async function post(page: Page, { name, content, stars }: { name?: string; content: string; stars?: number }) {
  const form = page.getByRole('form', { name: 'Leave a comment' });
  if (stars)
    await form
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: `${stars} stars out of 5` }) })
      .click();
  if (name !== undefined) await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Your comment').fill(content);
  await form.getByRole('button', { name: 'Post Comment' }).click();
}

test("a visitor's comment waits for an administrator, who approves it on /admin; then everyone sees it", async ({
  page,
  browser,
  baseURL,
}) => {
  await prepare(page, { theme: 'light' });
  const url = await openResults(page);
  await expect(page.getByText('No comments yet. Be the first to share what you think.')).toBeVisible();

  // The seed's refusals before anything is sent.
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Comment required', { exact: true })).toBeVisible();
  await page.getByLabel('Your comment').fill('Lovely set of photos, the lake one especially.');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Username required', { exact: true })).toBeVisible();

  const content = `Held until approved ${Date.now()}`;
  await post(page, { name: 'Visiting Vera', content, stars: 4 });
  await expect(page.getByText('Your comment will appear once a moderator approves it.', { exact: true })).toBeVisible();
  const mine = commentsOf(page).getByRole('listitem').filter({ hasText: content });
  await expect(mine.getByText('Awaiting approval')).toBeVisible();
  await expect(mine.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();
  await saveShot(page, 'comments-held-1280-light');

  // Another visitor does not see it.
  const stranger = await (await browser.newContext({ baseURL })).newPage();
  await prepare(stranger);
  await stranger.goto(`/results?url=${encodeURIComponent(url)}`);
  await expect(stranger.locator('#comments-title')).toBeVisible({ timeout: 30_000 });
  await expect(stranger.getByText('No comments yet. Be the first to share what you think.')).toBeVisible();

  // The administrator approves it on /admin.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await prepare(admin, { theme: 'light' });
  await signInAsAdmin(admin.request);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(admin.getByRole('link', { name: 'Open the queue dashboard' })).toHaveAttribute('href', '/admin/queues');
  const held = admin
    .getByRole('list', { name: 'Comments awaiting approval' })
    .getByRole('listitem')
    .filter({ hasText: content });
  await expect(held.getByText('Visiting Vera')).toBeVisible();
  await expectAccessible(admin);
  await saveShot(admin, 'admin-1280-light');
  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Comment approved', { exact: true })).toBeVisible();
  await expect(held).toHaveCount(0);

  await stranger.reload();
  const shown = commentsOf(stranger).getByRole('listitem').filter({ hasText: content });
  await expect(shown).toBeVisible({ timeout: 30_000 });
  await expect(shown.getByText('Awaiting approval')).toHaveCount(0);
  await expect(stranger.getByTestId('comments-average')).toContainText('4 out of 5');
  await stranger.context().close();
  await admin.context().close();
});

test("a registered user's comment is shown at once, verified, and markup in it is shown as text", async ({ page }) => {
  await prepare(page, { theme: 'dark' });
  await signUpAndIn(page, 'commenter');
  const url = await openResults(page);
  await expect(page.getByText(/^Posting as commenter tester$/)).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveCount(0);

  const markup = '<script>window.pwned = true</script><img src=x onerror="window.pwned = true"> <b>not bold</b>';
  await post(page, { content: markup, stars: 5 });
  await expect(page.getByText('Comment posted', { exact: true })).toBeVisible();
  const comment = commentsOf(page).getByRole('listitem').first();
  await expect(comment.getByText(markup)).toBeVisible();
  await expect(comment.getByText('commenter tester')).toBeVisible();
  // Extracted the page it comments on: verified.
  await expect(comment.getByText('Verified extraction')).toBeVisible();
  await expect(comment.getByText('Awaiting approval')).toHaveCount(0);
  expect(await comment.locator('script, img, b').count()).toBe(0);
  expect(await page.evaluate('window.pwned')).toBeUndefined();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expectAccessible(page);
  await saveShot(page, 'comments-member-1280-dark');

  // Anyone else sees it at once, as text too.
  await page.context().clearCookies();
  // A visitor opens the page's results of their own (the member's stored extraction is theirs alone).
  await page.goto(`/results?url=${encodeURIComponent(url)}`);
  await expect(commentsOf(page).getByText(markup)).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate('window.pwned')).toBeUndefined();
});

test('/admin refuses a registered user plainly, and sends a visitor to log in', async ({ page }) => {
  await prepare(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  await signUpAndIn(page, 'not-admin');
  await page.goto('/admin');
  await expect(page.getByText('Administrators only')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comments awaiting approval' })).toHaveCount(0);
  const api = await page.request.get('/api/admin/comments');
  expect(api.status()).toBe(403);
  await saveShot(page, 'admin-refused-1280-dark');
});

test('comments at phone width in Arabic, right to left', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await prepare(page, { theme: 'light' });
  await openResults(page, '/ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(page);
  await saveShot(page, 'comments-390-light-ar');
});
