import { screen, within } from '@testing-library/react';
import { member, PAYMENTS_CONFIG, PLANS, TOASTS, VISITOR } from '../../test/billing-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

// The first render compiles the lazily loaded page and its features: slow on a loaded machine.
jest.setTimeout(20_000);

const plansAndConfig = {
  'GET /api/subscription-plans': { status: 200, body: PLANS },
  'GET /api/billing/config': { status: 200, body: PAYMENTS_CONFIG },
};

describe('pricing page', () => {
  it('opens on the legacy plans for a visitor, who is sent to sign in to choose one, and told to sign in to subscribe', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: VISITOR }, ...plansAndConfig });
    const { user, router } = renderWithProviders('/pricing');
    expect(await screen.findByRole('tab', { name: 'Legacy Plans' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(/Legacy plans/);
    expect(screen.getByText('Download all images at once')).toBeInTheDocument();

    await user.click(within(screen.getByRole('listitem', { name: 'Premium' })).getByRole('button', { name: 'Choose' }));
    expect(router.state.location.pathname).toBe('/auth');
    expect(await within(await screen.findByRole('region', TOASTS)).findByText('Login Required')).toBeInTheDocument();
  });

  it('tells a visitor Authentication Required on a live plan', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: VISITOR }, ...plansAndConfig });
    const { user } = renderWithProviders('/pricing');
    await user.click(await screen.findByRole('tab', { name: 'Subscription Plans' }));
    await user.click(
      within(await screen.findByRole('listitem', { name: 'Startup' })).getByRole('button', { name: 'Subscribe' }),
    );
    const toast = within(await screen.findByRole('region', TOASTS));
    expect(await toast.findByText('Authentication Required')).toBeInTheDocument();
    expect(toast.getByText('Please log in or create an account to subscribe to this plan')).toBeInTheDocument();
  });

  it('opens on the live plans for a member: monthly and annual prices, the test payments marker, the FAQ', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: member() }, ...plansAndConfig });
    const { user } = renderWithProviders('/pricing');
    expect(await screen.findByRole('tab', { name: 'Subscription Plans' })).toHaveAttribute('aria-selected', 'true');
    const hobby = await screen.findByRole('listitem', { name: 'Hobby' });
    expect(hobby).toHaveTextContent('$9.99/mo');
    expect(hobby).toHaveTextContent('3,000 images per day');
    expect(hobby).toHaveTextContent('Up to 500 images per extraction');
    expect(hobby).toHaveTextContent('Up to 500 pages per crawl');
    expect(screen.getByRole('listitem', { name: 'Startup' })).toHaveTextContent('Up to 2,000 pages per crawl');
    expect(screen.getByRole('listitem', { name: 'Enterprise' })).toHaveTextContent('Up to 10,000 pages per crawl');
    expect(await screen.findByTestId('test-payments')).toHaveTextContent('Test payments');

    await user.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(await screen.findByRole('listitem', { name: 'Hobby' })).toHaveTextContent('$95.90/yr');
    expect(screen.getByRole('listitem', { name: 'Enterprise' })).toHaveTextContent('30,000 images per day');
    for (const question of [
      'Which plan is right for me?',
      'Can I change my plan later?',
      'Do unused images roll over?',
      'Are there discounts?',
      'Is there a plan with no limit?',
    ]) {
      expect(screen.getByText(question)).toBeInTheDocument();
    }
  });

  it('subscribes with the plan id only (the server prices it), showing Processing...', async () => {
    const api = fakeApi({
      'GET /api/auth/status': { status: 200, body: member() },
      ...plansAndConfig,
      'POST /api/subscriptions/create': {
        status: 201,
        body: { paypalSubscriptionId: 'I-1', approvalUrl: 'about:blank#approve' },
      },
    });
    const { user } = renderWithProviders('/pricing');
    await user.click(
      within(await screen.findByRole('listitem', { name: 'Startup' })).getByRole('button', { name: 'Subscribe' }),
    );
    expect(
      within(screen.getByRole('listitem', { name: 'Startup' })).getByRole('button', { name: 'Processing...' }),
    ).toBeDisabled();
    expect(api.calls.find((call) => call.path === '/api/subscriptions/create')?.body).toEqual({
      planId: 'startup-monthly',
      language: 'en',
    });
  });

  it("marks the premium member's plan Current Plan, and says Subscription Error when PayPal fails", async () => {
    fakeApi({
      'GET /api/auth/status': { status: 200, body: member({ role: 'premium', membershipPlan: 'hobby-monthly' }) },
      ...plansAndConfig,
      'POST /api/subscriptions/create': {
        status: 502,
        body: { statusCode: 502, code: 'SUBSCRIPTION_ERROR', message: 'x' },
      },
    });
    const { user } = renderWithProviders('/pricing');
    expect(
      within(await screen.findByRole('listitem', { name: 'Hobby' })).getByRole('button', { name: 'Current Plan' }),
    ).toBeDisabled();
    await user.click(
      within(screen.getByRole('listitem', { name: 'Enterprise' })).getByRole('button', { name: 'Subscribe' }),
    );
    const toast = within(await screen.findByRole('region', TOASTS));
    expect(await toast.findByText('Subscription Error')).toBeInTheDocument();
    expect(toast.getByText(/There was a problem processing your subscription/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'Enterprise' })).getByRole('button', { name: 'Subscribe' }),
    ).toBeEnabled();
  });

  it('speaks Arabic, prices included', async () => {
    fakeApi({ 'GET /api/auth/status': { status: 200, body: member() }, ...plansAndConfig });
    renderWithProviders('/ar/pricing');
    expect(await screen.findByRole('tab', { name: 'خطط الاشتراك' })).toBeInTheDocument();
    // In Arabic's own digits.
    expect(await screen.findByText('٣٬٠٠٠ صورة يوميًا')).toBeInTheDocument();
  });
});
