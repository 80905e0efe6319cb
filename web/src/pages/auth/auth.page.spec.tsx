import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

const visitor = { status: 200, body: { isAuthenticated: false, user: null } };

describe('auth page', () => {
  it('asks for username and password before sending anything', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/status': visitor });
    const { user } = renderWithProviders('/auth');
    const login = await screen.findByRole('tabpanel', { name: 'Login' });
    await user.click(within(login).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Input Error')).toBeInTheDocument();
    expect(screen.getByText('Please enter username and password')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('lays the tabs and the form out right to left in Arabic (Radix widgets follow the page, not their own ltr default)', async () => {
    fakeApi({ 'GET /api/auth/status': visitor });
    renderWithProviders('/ar/auth');
    const tabs = (await screen.findByRole('tablist')).closest('[dir]');
    expect(tabs).toHaveAttribute('dir', 'rtl');
  });

  it('registers, says so, and brings up the login form', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/status': visitor, 'POST /api/auth/register': { status: 201, body: {} } });
    const { user } = renderWithProviders('/auth?mode=register');
    const register = await screen.findByRole('tabpanel', { name: 'Register' });
    await user.type(within(register).getByLabelText('Username'), 'ada');
    await user.type(within(register).getByLabelText('Display name (optional)'), 'Ada');
    await user.type(within(register).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(register).getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/register')?.body).toEqual({
      username: 'ada',
      password: 'correct horse battery',
      displayName: 'Ada',
      subscribeNewsletter: false,
    });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true'));
  });

  it("shows 'Login failed' with the catalogue's words for wrong credentials", async () => {
    fakeApi({
      'GET /api/auth/status': visitor,
      'POST /api/auth/login': { status: 401, body: { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Username or password incorrect' } },
    });
    const { user } = renderWithProviders('/auth');
    const login = await screen.findByRole('tabpanel', { name: 'Login' });
    await user.type(within(login).getByLabelText('Username'), 'ada');
    await user.type(within(login).getByLabelText('Password'), 'wrong');
    await user.click(within(login).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Username or password incorrect')).toBeInTheDocument();
  });

  it('sends a signed-in visitor home', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: { isAuthenticated: true, user: null } } });
    const { router } = renderWithProviders('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
