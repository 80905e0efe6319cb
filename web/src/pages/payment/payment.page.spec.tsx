import type { UserSubscription } from '@pixtract/contracts';
import { screen, within } from '@testing-library/react';
import { member, PAYMENTS_CONFIG, PLANS, TOASTS, VISITOR } from '../../test/billing-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

// The first render compiles the lazily loaded page and its features: slow on a loaded machine.
jest.setTimeout(20_000);

const subscribed: UserSubscription = {
  subscription: {
    plan: PLANS[0],
    status: 'active',
    paypalSubscriptionId: 'I-SUB1',
    startDate: '2026-03-01T00:00:00.000Z',
    nextBillingDate: '2026-04-01T00:00:00.000Z',
    endDate: null,
    lastPaymentDate: '2026-03-01T00:00:00.000Z',
    failedPaymentCount: 0,
    pendingPlan: null,
    pendingPlanFrom: null,
  },
};

const common = {
  'GET /api/subscription-plans': { status: 200, body: PLANS },
  'GET /api/billing/config': { status: 200, body: PAYMENTS_CONFIG },
};

describe('payment page', () => {
  it('shows the plan\'s summary and the step to PayPal; the seed\'s "premium" is Hobby monthly', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: member() }, ...common });
    renderWithProviders('/payment?plan=premium');
    expect(await screen.findByRole('heading', { name: 'Plan summary' })).toBeInTheDocument();
    expect(screen.getByText('Hobby · Monthly')).toBeInTheDocument();
    expect(screen.getByText('$9.99/mo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to PayPal' })).toBeEnabled();
  });

  it("asks a visitor to sign in, with the catalogue's words", async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: VISITOR }, ...common });
    renderWithProviders('/payment?plan=startup-annual');
    expect(await screen.findByText('Authentication Required')).toBeInTheDocument();
    expect(screen.getByText('Please log in or create an account to subscribe to this plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  });

  it('confirms the subscription PayPal sends the buyer back with: Subscription Successful', async () => {
    const api = fakeApi({
      'GET /api/auth/status': { status: 200, body: member({ role: 'premium', membershipPlan: 'hobby-monthly' }) },
      ...common,
      'POST /api/subscriptions/confirm': { status: 200, body: subscribed },
    });
    const { router } = renderWithProviders(
      '/payment?plan=hobby-monthly&subscription_id=I-SUB1&ba_token=BA-1&token=EC-1',
    );
    const toast = within(await screen.findByRole('region', TOASTS));
    expect(await toast.findByText('Subscription Successful')).toBeInTheDocument();
    expect(
      toast.getByText('Your subscription has been activated successfully. Thank you for supporting our service!'),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('subscribed')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/api/subscriptions/confirm')).toEqual([
      { method: 'POST', path: '/api/subscriptions/confirm', body: { subscriptionId: 'I-SUB1' } },
    ]);
    expect(router.state.location.search).toBe('?plan=hobby-monthly');
  });

  it('says Payment Cancelled when the buyer cancelled on PayPal, and offers PayPal again', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: member() }, ...common });
    renderWithProviders('/payment?plan=hobby-monthly&cancelled=1&subscription_id=I-SUB2&ba_token=BA-2&token=EC-2');
    expect(await within(await screen.findByRole('region', TOASTS)).findByText('Payment Cancelled')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Continue to PayPal' })).toBeInTheDocument();
  });

  it('says Subscription Error when the confirmation fails', async () => {
    fakeApi({
      'GET /api/auth/status': { status: 200, body: member() },
      ...common,
      'POST /api/subscriptions/confirm': {
        status: 409,
        body: { statusCode: 409, code: 'PAYMENT_NOT_APPROVED', message: 'x' },
      },
    });
    renderWithProviders('/payment?plan=hobby-monthly&subscription_id=I-SUB3');
    const toast = within(await screen.findByRole('region', TOASTS));
    expect(await toast.findByText('Subscription Error')).toBeInTheDocument();
    expect(toast.getByText('The payment has not been approved on PayPal yet.')).toBeInTheDocument();
  });

  it('answers an unknown plan with a way to the plans, never a 404', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: member() }, ...common });
    renderWithProviders('/payment?plan=platinum');
    expect(await screen.findByText('This plan is not offered.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all plans' })).toHaveAttribute('href', '/pricing');
  });
});
