import { act, screen, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';
import { NEWSLETTER_POPUP_DELAY_MS } from './newsletter-popup.component';

const visitor = { status: 200, body: { isAuthenticated: false, user: null } };

describe('newsletter popup', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
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

  it('subscribes through the newsletter endpoint and closes', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/status': visitor, 'POST /api/newsletter': { status: 200, body: { subscribed: true } } });
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
