import type { UserProfile } from '@pixtract/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { PLANS } from '../../test/billing-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

const member = { status: 200, body: { isAuthenticated: true, user: null } };

const profile: UserProfile = {
  username: 'ada',
  email: 'ada@example.com',
  role: 'registered',
  createdAt: '2026-01-15T10:00:00.000Z',
  currentUsage: 300,
  dailyLimit: 1500,
  totalExtractionsAllTime: 12,
  totalImagesExtracted: 345,
  quarterlyStats: {
    q1: { used: 900, total: 135_000 },
    q2: { used: 0, total: 136_500 },
    q3: { used: 0, total: 138_000 },
    q4: { used: 0, total: 138_000 },
    currentQuarter: 1,
  },
};

describe('member dashboard', () => {
  it('shows account information, usage, quarters, the upgrade card and recent activity', async () => {
    fakeApi({
      'GET /api/auth/status': member,
      'GET /api/user/profile': { status: 200, body: profile },
      'GET /api/user/extraction-history': {
        status: 200,
        body: [
          {
            id: 'e1',
            url: 'https://example.com/',
            extractedAt: '2026-01-16T10:00:00.000Z',
            status: 'completed',
            imageCount: 25,
          },
          {
            id: 'c1',
            url: 'https://shop.example/gallery',
            extractedAt: '2026-01-16T11:00:00.000Z',
            status: 'stopped',
            imageCount: 120,
            kind: 'crawl',
            scope: 'gallery',
            pagesDone: 12,
          },
        ],
      },
      'GET /api/user/recent-images': { status: 200, body: [] },
    });
    const { user } = renderWithProviders('/member');

    expect(await screen.findByRole('heading', { name: 'Account Information' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Daily Usage' })).toHaveAttribute('aria-valuenow', '20');
    expect(screen.getByText('1,200 images left today · 20% used')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quarterly Usage Statistics' })).toBeInTheDocument();
    expect(screen.getByText('900 / 135,000')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upgrade to Premium' })).toBeInTheDocument();
    expect(screen.getByText(/priority support/)).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'https://example.com/' })).toHaveAttribute(
      'href',
      `/results?url=${encodeURIComponent('https://example.com/')}&id=e1`,
    );
    // A crawl is listed with its scope, its pages and how it ended, and opens at its own address.
    const crawl = screen.getByRole('link', { name: 'https://shop.example/gallery' });
    expect(crawl).toHaveAttribute('href', '/crawls/c1');
    const row = crawl.closest('li')!;
    expect(row).toHaveTextContent('The whole gallery · 12 pages read');
    expect(row).toHaveTextContent('Stopped');
    expect(row).toHaveTextContent('120 images');
    await user.click(screen.getByRole('tab', { name: 'Recent Images' }));
    expect(await screen.findByText('No images yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'New Extraction' })).toHaveAttribute('href', '/');
  });

  it("writes numbers and dates the language's own way: Arabic digits throughout, Japanese dates", async () => {
    fakeApi({
      'GET /api/auth/status': member,
      'GET /api/user/profile': { status: 200, body: { ...profile, currentUsage: 8, dailyLimit: 3000 } },
      'GET /api/user/extraction-history': {
        status: 200,
        body: [
          {
            id: 'e1',
            url: 'https://example.com/',
            extractedAt: '2026-12-01T12:30:50.000Z',
            status: 'completed',
            imageCount: 1492,
          },
        ],
      },
      'GET /api/user/recent-images': { status: 200, body: [] },
    });
    renderWithProviders('/ar/member');
    expect(await screen.findByText('الربع ١')).toBeInTheDocument();
    expect(screen.getByText('٩٠٠ / ١٣٥٬٠٠٠')).toBeInTheDocument();
    // One rounding rule with the header's panel: 8 of 3,000 is 0.3%, not 0%.
    expect(screen.getByText(/مُستخدَم ٠٫٣٪/)).toBeInTheDocument();
    expect(screen.getByText(/^١٥[^٠-٩]+٠١[^٠-٩]+٢٠٢٦$/)).toBeInTheDocument();
    expect(await screen.findByText(/^١٬٤٩٢/)).toBeInTheDocument();
    expect(screen.getByText(/^٠١[^٠-٩]+١٢[^٠-٩]+٢٠٢٦/)).toBeInTheDocument();
  });

  it('writes dates in Japanese as Japanese does', async () => {
    fakeApi({
      'GET /api/auth/status': member,
      'GET /api/user/profile': { status: 200, body: profile },
      'GET /api/user/extraction-history': {
        status: 200,
        body: [
          {
            id: 'e1',
            url: 'https://example.com/',
            extractedAt: '2026-12-01T12:30:50.000Z',
            status: 'completed',
            imageCount: 3,
          },
        ],
      },
      'GET /api/user/recent-images': { status: 200, body: [] },
    });
    renderWithProviders('/jp/member');
    expect(await screen.findByText(/^2026\/12\/0?1 \d{1,2}:\d{2}$/)).toBeInTheDocument();
    expect(screen.getByText('2026/01/15')).toBeInTheDocument();
  });

  it('shows recent images as lazy thumbnails through the proxy, sizes left to right, also in Arabic', async () => {
    fakeApi({
      'GET /api/auth/status': member,
      'GET /api/user/profile': { status: 200, body: profile },
      'GET /api/user/extraction-history': { status: 200, body: [] },
      'GET /api/user/recent-images': {
        status: 200,
        body: [
          {
            id: 'i1',
            alt: 'Harbour',
            width: 1200,
            height: 800,
            sourceUrl: 'https://example.com/',
            extractedAt: '2026-01-16T10:00:00.000Z',
          },
          {
            id: 'i2',
            alt: 'Unmeasured',
            width: null,
            height: null,
            sourceUrl: 'https://example.com/',
            extractedAt: '2026-01-16T10:00:00.000Z',
          },
        ],
      },
    });
    const { user } = renderWithProviders('/ar/member');
    await user.click(await screen.findByRole('tab', { name: 'أحدث الصور' }));
    expect(await screen.findByText('١٢٠٠ × ٨٠٠')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('Unmeasured').nextElementSibling?.querySelector('[dir=ltr]')).toBeNull();
    const thumbnail = screen.getByRole('img', { name: 'Harbour' });
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail).toHaveAttribute(
      'src',
      `/api/proxy-image?${new URLSearchParams({ url: 'https://example.com/', w: '640' })}`,
    );
  });

  it('goes home with the seed message when the profile fails to load', async () => {
    fakeApi({
      'GET /api/auth/status': member,
      'GET /api/user/profile': { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'x' } },
    });
    const { router } = renderWithProviders('/member');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Failed to load your profile. Please try again.')).toBeInTheDocument();
  });

  it('takes a session that ended (the profile answers 401 first) to the login page without a failure message', async () => {
    const signedOut = { status: 200, body: { isAuthenticated: false, user: null } };
    fakeApi({
      'GET /api/auth/status': [member, signedOut],
      'GET /api/user/profile': {
        status: 401,
        body: { statusCode: 401, code: 'AUTH_REQUIRED', message: 'Authentication required' },
      },
    });
    const { router } = renderWithProviders('/member');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(screen.queryByText('Failed to load your profile. Please try again.')).not.toBeInTheDocument();
  });

  it('sends a visitor to the login page', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null } } });
    const { router } = renderWithProviders('/member');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('shows a premium member their subscription with its next billing date instead of the Upgrade card', async () => {
    fakeApi({
      'GET /api/auth/status': member,
      'GET /api/user/profile': { status: 200, body: { ...profile, role: 'premium', dailyLimit: 3000 } },
      'GET /api/user/extraction-history': { status: 200, body: [] },
      'GET /api/user/recent-images': { status: 200, body: [] },
      'GET /api/user/subscription': {
        status: 200,
        body: {
          subscription: {
            plan: PLANS[0],
            status: 'cancelled',
            paypalSubscriptionId: 'I-1',
            startDate: '2026-01-01T00:00:00.000Z',
            nextBillingDate: null,
            endDate: '2026-02-01T00:00:00.000Z',
            lastPaymentDate: '2026-01-01T00:00:00.000Z',
            failedPaymentCount: 0,
            pendingPlan: null,
            pendingPlanFrom: null,
          },
        },
      },
    });
    renderWithProviders('/member');
    const card = await screen.findByTestId('current-subscription');
    expect(card).toHaveTextContent('Premium until');
    expect(card).toHaveTextContent('February 1, 2026');
    expect(within(card).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage subscription' })).toHaveAttribute('href', '/subscription');
    expect(screen.queryByRole('heading', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
  });
});
