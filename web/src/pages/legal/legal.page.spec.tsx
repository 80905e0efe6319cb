import { screen, waitFor, within } from '@testing-library/react';
import { signedOut } from '../../test/auth-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

beforeEach(() => {
  fakeApi({ 'GET /api/auth/status': { status: 200, body: signedOut } });
});

describe('legal pages', () => {
  it('/terms: the sections of the terms, listed in its contents, and how to reach us', async () => {
    renderWithProviders('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: November 27, 2026')).toBeInTheDocument();
    const contents = within(screen.getByRole('navigation', { name: 'On this page' }));
    expect(contents.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '#service',
      '#acceptable-use',
      '#images',
      '#accounts',
      '#plans',
      '#payments',
      '#comments',
      '#liability',
      '#changes',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: '3. Images and your responsibility' })).toBeInTheDocument();
    expect(screen.getByText(/Downloading an image with Pixtract gives you no right to use it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'support@pixtract.app' })).toHaveAttribute(
      'href',
      'mailto:support@pixtract.app',
    );
    await waitFor(() => expect(document.title).toBe('Terms of Service | Pixtract'));
  });

  it('/privacy: what is stored, every cookie and local-storage key the site sets, processors, retention and deletion', async () => {
    renderWithProviders('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    for (const heading of [
      'What we store',
      'Cookies and local storage',
      'Who else processes data',
      'How long we keep it',
      'Your rights and deleting your data',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: new RegExp(`^\\d+\\. ${heading}$`) })).toBeInTheDocument();
    }
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'pixtract.sid',
      'pixtract.visitor',
      'pixtract.oidc',
      'preferredLang',
      'darkMode',
      'cookieConsent',
      'newsletterDismissed',
      'donationDismissed',
      'visited',
    ]);
    expect(within(rows[0]).getByText('30 days')).toBeInTheDocument();
    expect(within(rows[2]).getByText('10 minutes')).toBeInTheDocument();
    expect(screen.getByText(/PayPal handles subscription payments and donations/)).toBeInTheDocument();
    expect(screen.getByText(/Google handles sign-in/)).toBeInTheDocument();
    expect(screen.getByText(/deleted within 30 days of a deletion request/)).toBeInTheDocument();
  });

  it('is there in every language, Arabic right to left', async () => {
    renderWithProviders('/ar/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });
});
