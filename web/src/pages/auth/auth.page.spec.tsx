import { screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';
import { leaveAppFor } from '../../app/leave-app';

jest.mock('../../app/leave-app', () => ({ leaveAppFor: jest.fn() }));

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

  it('registers, says so, and brings up the login form with the new username filled in', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/status': visitor,
      'POST /api/auth/register': { status: 201, body: {} },
    });
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
    const login = screen.getByRole('tabpanel', { name: 'Login' });
    expect(within(login).getByLabelText('Username or email')).toHaveValue('ada');
    expect(within(login).getByLabelText('Password')).toHaveFocus();
  });

  it("shows 'Login failed' with the catalogue's words for wrong credentials", async () => {
    fakeApi({
      'GET /api/auth/status': visitor,
      'POST /api/auth/login': {
        status: 401,
        body: { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Username or password incorrect' },
      },
    });
    const { user } = renderWithProviders('/auth');
    const login = await screen.findByRole('tabpanel', { name: 'Login' });
    await user.type(within(login).getByLabelText('Username or email'), 'ada');
    await user.type(within(login).getByLabelText('Password'), 'wrong');
    await user.click(within(login).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(screen.getByText('Username or password incorrect')).toBeInTheDocument();
    // Both fields are marked and described by the error; focus goes to the first of them.
    const username = within(login).getByLabelText('Username or email');
    await waitFor(() => expect(username).toHaveFocus());
    for (const field of [username, within(login).getByLabelText('Password')]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Login failed Username or password incorrect');
    }
  });

  it('sends a signed-in visitor home', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: { isAuthenticated: true, user: null } } });
    const { router } = renderWithProviders('/auth');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('offers Google sign-in only where it is configured (audit row 14)', async () => {
    fakeApi({
      'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null, googleSignIn: false } },
    });
    const { unmount } = renderWithProviders('/auth');
    await screen.findByRole('tabpanel', { name: 'Login' });
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
    unmount();

    fakeApi({
      'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null, googleSignIn: true } },
    });
    renderWithProviders('/auth');
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
  });

  it.each([
    ['/auth', 'Test sign-in', 'A local simulator stands in for Google.'],
    ['/ar/auth', 'تسجيل دخول تجريبي', 'محاكٍ محلي يحلّ محلّ Google.'],
  ])(
    'says "Test sign-in" beside the Google button at %s when sign-in goes to the simulator',
    async (path, label, hint) => {
      const google = { isAuthenticated: false, user: null, googleSignIn: true };
      fakeApi({ 'GET /api/auth/status': { status: 200, body: { ...google, googleTestSignIn: false } } });
      const { unmount } = renderWithProviders(path);
      await screen.findByRole('link', { name: /Google/ });
      expect(screen.queryByTestId('test-sign-in')).not.toBeInTheDocument();
      unmount();

      fakeApi({ 'GET /api/auth/status': { status: 200, body: { ...google, googleTestSignIn: true } } });
      renderWithProviders(path);
      expect(await screen.findByTestId('test-sign-in')).toBeVisible();
      expect(screen.getByRole('link', { name: /Google/ })).toHaveAccessibleDescription(`${label} ${hint}`);
    },
  );

  it.each([
    [
      '/auth?error=GOOGLE_SIGN_IN_UNAVAILABLE',
      'Google sign-in is not available here. Sign in with your username or email instead.',
    ],
    ['/auth?error=GOOGLE_SIGN_IN_FAILED', 'Google sign-in failed. Please try again.'],
    [
      '/ar/auth?error=GOOGLE_SIGN_IN_UNAVAILABLE',
      'تسجيل الدخول عبر Google غير متاح هنا. سجّل الدخول باسم المستخدم أو البريد الإلكتروني.',
    ],
  ])("says why a Google sign-in came back to %s, in the visitor's language", async (path, message) => {
    fakeApi({ 'GET /api/auth/status': visitor });
    renderWithProviders(path);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('shows nothing for an error code it does not know', async () => {
    fakeApi({ 'GET /api/auth/status': visitor });
    renderWithProviders('/auth?error=<script>');
    await screen.findByRole('tabpanel', { name: 'Login' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['/auth/google', '/ar/auth/google'])('starts Google sign-in at the server from %s', async (path) => {
    fakeApi({ 'GET /api/auth/status': visitor });
    renderWithProviders(path);
    await waitFor(() => expect(leaveAppFor).toHaveBeenCalledWith('/api/auth/google'));
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).not.toBeInTheDocument();
  });
});
