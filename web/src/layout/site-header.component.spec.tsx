import { act, screen, waitFor, within } from '@testing-library/react';
import { authUser, signedIn } from '../test/auth-fixtures';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render-with-providers';

describe('site header', () => {
  afterEach(() => {
    document.cookie = 'preferredLang=; max-age=0; path=/';
  });

  it('shows a placeholder while the auth status loads, then Login and Sign Up for a visitor', async () => {
    let answer: (value: Response) => void = () => undefined;
    jest.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders('/pricing');
    expect((await screen.findAllByTestId('auth-placeholder')).length).toBeGreaterThan(0);

    await act(async () =>
      answer(
        new Response(JSON.stringify({ isAuthenticated: false, user: null }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const banner = screen.getByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.queryByTestId('auth-placeholder')).not.toBeInTheDocument();
  });

  it.each([
    ['premium', 'premium'],
    ['registered', 'registered'],
    ['free', 'free'],
    ['admin', 'admin'],
  ] as const)('marks a %s account with its role dot', async (role, expected) => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: signedIn({ role }) } });
    renderWithProviders('/pricing');
    const account = await within(await screen.findByRole('banner')).findByRole('link', { name: 'My Account' });
    expect(within(account).getByTestId('role-dot')).toHaveAttribute('data-role', expected);
    expect(account).toHaveAttribute('href', '/member');
  });

  it('shows the usage panel on hover: name, account label, images left, percent used, amber bar near the limit', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: signedIn() } });
    const { user: member } = renderWithProviders('/pricing');
    await member.hover(await within(await screen.findByRole('banner')).findByRole('link', { name: 'My Account' }));
    const name = await screen.findByText('Ada Lovelace');
    const panel = within(name.parentElement!);
    expect(panel.getByText('Registered')).toBeInTheDocument();
    expect(panel.getByText('100 images left today')).toBeInTheDocument();
    expect(panel.getByText('93% used')).toBeInTheDocument();
    expect(panel.getByRole('progressbar', { name: 'Daily usage' })).toHaveAttribute('data-tone', 'amber');
  });

  it("names an administrator's account Administrator, not Free Account", async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: signedIn({ role: 'admin' }) } });
    const { user: member } = renderWithProviders('/pricing');
    await member.hover(await within(await screen.findByRole('banner')).findByRole('link', { name: 'My Account' }));
    const panel = within((await screen.findByText('Ada Lovelace')).parentElement!);
    expect(panel.getByText('Administrator')).toBeInTheDocument();
    expect(panel.queryByText('Free Account')).not.toBeInTheDocument();
  });

  it('falls back to the username and shows a red bar at the limit', async () => {
    fakeApi({
      'GET /api/auth/status': {
        status: 200,
        body: signedIn({
          displayName: null,
          role: 'free',
          usageStats: { remainingToday: 0, percentUsed: 100, isAtLimit: true, isNearLimit: false },
        }),
      },
    });
    const { user: member } = renderWithProviders('/pricing');
    await member.hover(await within(await screen.findByRole('banner')).findByRole('link', { name: 'My Account' }));
    const panel = within((await screen.findByText('ada')).parentElement!);
    expect(panel.getByText('Free Account')).toBeInTheDocument();
    expect(panel.getByRole('progressbar', { name: 'Daily usage' })).toHaveAttribute('data-tone', 'red');
  });

  it('opens the language menu, lists the nine languages and opens the same page under the chosen prefix', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null } } });
    const { user: visitor, router } = renderWithProviders('/pricing');
    await visitor.click(await screen.findByRole('button', { name: 'Language' }));
    expect(await screen.findAllByRole('menuitemradio')).toHaveLength(9);
    for (const name of [
      'English',
      '中文',
      '日本語',
      'Español',
      'Français',
      'Deutsch',
      'Русский',
      '한국어',
      'العربية',
    ]) {
      expect(screen.getByRole('menuitemradio', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');

    await visitor.click(screen.getByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/pricing'));
    expect(document.cookie).toContain('preferredLang=de');
    expect(await screen.findByRole('heading', { name: 'Preise', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'de'));
  });

  it('sets dir="rtl" for Arabic', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null } } });
    renderWithProviders('/ar/pricing');
    expect(await screen.findByRole('heading', { name: 'الأسعار', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });

  it('toggles dark mode and stores the choice', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null } } });
    const { user: visitor } = renderWithProviders('/pricing');
    const toggle = await screen.findByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await visitor.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem('darkMode')).toBe('false');
    expect(document.documentElement).not.toHaveClass('dark');
    localStorage.clear();
  });

  it('signs in from the header dialog with the email an account was made with on /auth (audit row 13)', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null, googleSignIn: false } },
      'POST /api/auth/login': { status: 200, body: authUser() },
    });
    const { user: visitor } = renderWithProviders('/pricing');
    await visitor.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    await visitor.type(within(dialog).getByLabelText('Username or email'), 'ada@example.com');
    await visitor.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await visitor.click(within(dialog).getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/login')?.body).toEqual({
        username: 'ada@example.com',
        password: 'correct horse battery',
      }),
    );
  });

  it('registers from the header dialog with the email as the username, the newsletter wish sent with it', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null, googleSignIn: false } },
      'POST /api/auth/register': { status: 201, body: authUser() },
    });
    const { user: visitor } = renderWithProviders('/pricing');
    await visitor.click(await within(await screen.findByRole('banner')).findByRole('button', { name: 'Sign Up' }));
    const dialog = await screen.findByRole('dialog');
    await visitor.type(within(dialog).getByLabelText('Name'), 'Ada');
    await visitor.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await visitor.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await visitor.click(within(dialog).getByRole('checkbox', { name: 'Send me the newsletter' }));
    await visitor.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/auth/register')?.body).toEqual({
        username: 'ada@example.com',
        email: 'ada@example.com',
        password: 'correct horse battery',
        displayName: 'Ada',
        subscribeNewsletter: true,
      }),
    );
    // The gateway subscribes a registration's address itself: no second request.
    expect(calls.filter((call) => call.path === '/api/newsletter')).toEqual([]);
    // Then the login form, with the email (the username) filled in.
    expect(await within(dialog).findByLabelText('Username or email')).toHaveValue('ada@example.com');
  });
});
