import { act, screen, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';
import { NEWSLETTER_POPUP_DELAY_MS } from './newsletter-popup.component';

const visitor = { status: 200, body: { isAuthenticated: false, user: null } };

describe('newsletter popup', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    // The cookie choice made: its notice holds offers back until then (tested below).
    localStorage.setItem('cookieConsent', 'true');
  });
  afterEach(() => jest.useRealTimers());

  const render = () => renderWithProviders('/pricing', { advanceTimers: jest.advanceTimersByTime });
  const popup = () => screen.queryByRole('region', { name: 'Stay Updated' });

  it('offers itself after a while and, once dismissed, stays hidden', async () => {
    fakeApi({ 'GET /api/auth/status': visitor });
    const { user, unmount } = render();
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    expect(popup()).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(NEWSLETTER_POPUP_DELAY_MS));
    await user.click(within(popup()!).getByRole('button', { name: 'Close newsletter offer' }));
    expect(popup()).not.toBeInTheDocument();
    expect(localStorage.getItem('newsletterDismissed')).toBe('true');
    unmount();

    render();
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    act(() => jest.advanceTimersByTime(NEWSLETTER_POPUP_DELAY_MS * 2));
    expect(popup()).not.toBeInTheDocument();
  });

  it('waits a minute on the site', async () => {
    fakeApi({ 'GET /api/auth/status': visitor });
    render();
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    act(() => jest.advanceTimersByTime(59_000));
    expect(popup()).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    expect(popup()).toBeInTheDocument();
  });

  it('never comes while the cookie notice waits for an answer: one popup at a time', async () => {
    localStorage.removeItem('cookieConsent');
    fakeApi({ 'GET /api/auth/status': visitor });
    const { user } = render();
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    act(() => jest.advanceTimersByTime(NEWSLETTER_POPUP_DELAY_MS * 2));
    const cookies = screen.getByRole('region', { name: 'Cookie notice' });
    expect(popup()).not.toBeInTheDocument();

    await user.click(within(cookies).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(popup()).toBeInTheDocument();
  });

  it('comes after the first extraction, once its toast has gone', async () => {
    const extractionId = 'ex-popup';
    const result = {
      files: [{ fileUrl: 'https://example.com/a.png' }],
      sourceUrl: 'https://example.com/',
      warnings: [],
      limits: { total: 500, used: 1, remaining: 499, role: 'free' },
      performanceInfo: { timeMs: 5, method: 'static' },
    };
    fakeApi({
      'GET /api/auth/status': visitor,
      'POST /api/extractions': { status: 202, body: { extractionId } },
      [`GET /api/extractions/${extractionId}`]: {
        status: 200,
        body: { extractionId, url: 'https://example.com/', status: 'completed', result },
      },
      'GET /api/comments': { status: 200, body: [] },
    });
    renderWithProviders('/results?url=example.com', { advanceTimers: jest.advanceTimersByTime });
    expect(await screen.findByText('Images extracted!')).toBeInTheDocument();
    expect(popup()).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(6_000));
    expect(screen.queryByText('Images extracted!')).not.toBeInTheDocument();
    expect(popup()).toBeInTheDocument();
  });

  it('subscribes through the newsletter endpoint and closes', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/status': visitor,
      'POST /api/newsletter': { status: 200, body: { subscribed: true } },
    });
    const { user } = render();
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    act(() => jest.advanceTimersByTime(NEWSLETTER_POPUP_DELAY_MS));

    const form = within(popup()!);
    await user.type(form.getByLabelText('Email address'), ' Reader@Example.com ');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/newsletter')?.body).toEqual({ email: 'reader@example.com' });
    expect(popup()).not.toBeInTheDocument();
  });

  it("refuses an address without '@' without calling the server", async () => {
    const { calls } = fakeApi({ 'GET /api/auth/status': visitor });
    const { user } = render();
    await screen.findByRole('heading', { name: 'Pricing', level: 1 });
    act(() => jest.advanceTimersByTime(NEWSLETTER_POPUP_DELAY_MS));
    const form = within(popup()!);
    await user.type(form.getByLabelText('Email address'), 'reader.example.com');
    await user.click(form.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/newsletter')).toBe(false);
  });
});
