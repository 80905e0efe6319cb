import type { UserSubscription } from '@pixtract/contracts';
import { screen, within } from '@testing-library/react';
import { member, PAYMENTS_CONFIG, PLANS, TOASTS, VISITOR } from '../../test/billing-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

// The first render compiles the lazily loaded page and its features: slow on a loaded machine.
jest.setTimeout(20_000);

const active: UserSubscription = {
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
const cancelled: UserSubscription = {
  subscription: {
    ...active.subscription!,
    status: 'cancelled',
    nextBillingDate: null,
    endDate: '2026-04-01T00:00:00.000Z',
  },
};

const common = {
  'GET /api/subscription-plans': { status: 200, body: PLANS },
  'GET /api/billing/config': { status: 200, body: PAYMENTS_CONFIG },
};
const premium = {
  status: 200,
  body: member({ role: 'premium', membershipPlan: 'hobby-monthly', membershipStatus: 'active' }),
};

describe('subscription page', () => {
  it('shows the current subscription, and cancels it after a confirmation: Subscription Cancelled, premium until the period ends', async () => {
    const api = fakeApi({
      'GET /api/auth/status': premium,
      ...common,
      'GET /api/user/subscription': [
        { status: 200, body: active },
        { status: 200, body: cancelled },
      ],
      'POST /api/subscriptions/cancel': { status: 200, body: cancelled },
    });
    const { user } = renderWithProviders('/subscription');
    expect(await screen.findByRole('heading', { name: 'Your Current Subscription' })).toBeInTheDocument();
    const card = screen.getByTestId('current-subscription');
    expect(card).toHaveTextContent('Hobby · Monthly');
    expect(card).toHaveTextContent('Next billing date');
    expect(card).toHaveTextContent('April 1, 2026');
    expect(screen.getByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('You keep premium features until April 1, 2026.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));

    const toast = within(await screen.findByRole('region', TOASTS));
    expect(await toast.findByText('Subscription Cancelled')).toBeInTheDocument();
    expect(
      toast.getByText(
        "Your subscription has been cancelled. You'll have access to premium features until the end of your current billing period.",
      ),
    ).toBeInTheDocument();
    expect(await within(screen.getByTestId('current-subscription')).findByText('Premium until')).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === '/api/subscriptions/cancel')?.body).toEqual({
      subscriptionId: 'I-SUB1',
    });
  });

  it('keeps the subscription when the member changes their mind, and says Cancellation Error when cancelling fails', async () => {
    fakeApi({
      'GET /api/auth/status': premium,
      ...common,
      'GET /api/user/subscription': { status: 200, body: active },
      'POST /api/subscriptions/cancel': {
        status: 502,
        body: { statusCode: 502, code: 'CANCELLATION_ERROR', message: 'x' },
      },
    });
    const { user } = renderWithProviders('/subscription');
    const card = await screen.findByTestId('current-subscription');
    await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    const toast = within(await screen.findByRole('region', TOASTS));
    expect(await toast.findByText('Cancellation Error')).toBeInTheDocument();
    expect(toast.getByText(/There was a problem cancelling your subscription/)).toBeInTheDocument();
  });

  it('shows only Choose Your Plan without a subscription, and sends visitors to sign in', async () => {
    fakeApi({
      'GET /api/auth/status': { status: 200, body: member() },
      ...common,
      'GET /api/user/subscription': { status: 200, body: { subscription: null } },
    });
    renderWithProviders('/subscription');
    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.queryByTestId('current-subscription')).not.toBeInTheDocument();
  });

  it('sends a visitor to sign in', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: VISITOR } });
    const { router } = renderWithProviders('/subscription');
    await screen.findByRole('banner');
    await within(screen.getByRole('banner')).findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/auth');
  });
});
