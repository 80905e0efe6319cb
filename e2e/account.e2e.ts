import { expect, expectAccessible, fixtureUrl, prepare, saveShot, test } from './support';

test('register, log in, see the usage panel in the header and the member dashboard', async ({ page }) => {
  await prepare(page);
  // A username and an email on /auth; the header's dialog signs in with the email later (audit row 13).
  const username = `member-${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const password = 'correct horse battery';

  await page.goto('/auth?mode=register');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  const register = page.getByRole('tabpanel', { name: 'Register' });
  await register.getByLabel('Username', { exact: true }).fill(username);
  await register.getByLabel('Display name (optional)').fill('Ada Member');
  await register.getByLabel('Email (optional)').fill(email);
  await register.getByLabel('Password').fill(password);
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();

  // The seed: after registering, the login form comes up.
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username or email').fill(username);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // One extraction so the usage figures move.
  await page.goto(`/results?url=${encodeURIComponent(fixtureUrl('/pages/basic.html'))}`);
  await expect(page.getByRole('list', { name: 'Extracted images' }).getByRole('img')).toHaveCount(3, {
    timeout: 30_000,
  });

  const myAccount = page.getByRole('banner').getByRole('link', { name: 'My Account' });
  await expect(myAccount.getByTestId('role-dot')).toHaveAttribute('data-role', 'registered');
  await myAccount.hover();
  const panel = page.getByText('Ada Member').locator('..');
  await expect(panel.getByText('Registered', { exact: true })).toBeVisible();
  await expect(panel.getByText(/^1,497 images left today$|^\d[\d,]* images left today$/)).toBeVisible();
  await expect(panel.getByText(/^[\d.]+% used$/)).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Daily usage' })).toHaveAttribute('data-tone', 'blue');
  await saveShot(page, 'header-panel-1280-dark');

  await myAccount.click();
  await expect(page).toHaveURL(/\/member$/);
  for (const heading of [
    'Account Information',
    'Daily Usage',
    'Quarterly Usage Statistics',
    'Upgrade to Premium',
    'Recent Activity',
  ]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expect(page.getByText(username).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Extraction History' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Recent Images' }).click();
  await expect(page.getByRole('tab', { name: 'Recent Images' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: 'New Extraction' })).toHaveAttribute('href', '/');
  await expectAccessible(page);
  await saveShot(page, 'member-1280-dark');

  // Log out from the panel, then back in through the header's dialog, with the account's email.
  await page.getByRole('banner').getByRole('link', { name: 'My Account' }).hover();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const modal = page.getByRole('dialog', { name: 'Welcome back' });
  await modal.getByLabel('Username or email').fill(email);
  await modal.getByLabel('Password').fill(password);
  await modal.getByRole('tabpanel', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Account' })).toBeVisible();
});

test('a wrong password is refused with the seed message', async ({ page }) => {
  await prepare(page);
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await login.getByLabel('Username or email').fill(`nobody-${Date.now()}`);
  await login.getByLabel('Password').fill('wrong password');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Username or password incorrect', { exact: true })).toBeVisible();
});

test('the dashboard sends a visitor to the login page', async ({ page }) => {
  await prepare(page);
  await page.goto('/member');
  await expect(page).toHaveURL(/\/auth$/);
});
