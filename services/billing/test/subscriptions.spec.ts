import {
  ANNUAL_DISCOUNT,
  type SubscriptionApproval,
  type SubscriptionPlan,
  type UserSubscription,
} from '@pixtract/contracts';
import { DataSource } from 'typeorm';
import { startBilling, type BillingHarness } from './billing-harness';

describe('subscriptions (billing, PayPal simulator, real Postgres and Redis)', () => {
  let billing: BillingHarness;
  let nextUser = 100;
  const newUser = () => nextUser++;

  beforeAll(async () => {
    billing = await startBilling('billing_subscriptions');
  });
  afterAll(() => billing.close());

  const json = async <T>(response: Response, status: number): Promise<T> => {
    const body = await response.json();
    expect({ status: response.status, body }).toMatchObject({ status });
    return body as T;
  };

  /** Subscribe, approve on the simulator and come back to the return page, as a buyer does. */
  async function subscribe(userId: number, planId = 'hobby-monthly'): Promise<UserSubscription> {
    const approval = await json<SubscriptionApproval>(
      await billing.call(userId, 'POST', '/api/subscriptions/create', { planId }),
      201,
    );
    const back = await billing.decide(approval.approvalUrl, 'approve');
    expect(back.pathname).toBe('/payment');
    expect(back.searchParams.get('plan')).toBe(planId === 'premium' ? 'hobby-monthly' : planId);
    return json<UserSubscription>(
      await billing.call(userId, 'POST', '/api/subscriptions/confirm', {
        subscriptionId: back.searchParams.get('subscription_id'),
      }),
      200,
    );
  }

  it('lists the live plans from its table: Hobby, Startup and Enterprise, annual 20 % off', async () => {
    const plans = await json<SubscriptionPlan[]>(await billing.call(null, 'GET', '/api/subscription-plans'), 200);
    expect(plans.map((plan) => plan.planId)).toEqual([
      'hobby-monthly',
      'hobby-annual',
      'startup-monthly',
      'startup-annual',
      'enterprise-monthly',
      'enterprise-annual',
    ]);
    const hobby = plans[0];
    expect(hobby).toMatchObject({
      name: 'Hobby',
      price: 999,
      currency: 'USD',
      interval: 'month',
      dailyLimit: 3000,
      maxImagesPerExtraction: 500,
    });
    expect(plans.find((plan) => plan.planId === 'enterprise-monthly')?.dailyLimit).toBe(30_000);
    for (const tier of ['hobby', 'startup', 'enterprise']) {
      const monthly = plans.find((plan) => plan.planId === `${tier}-monthly`)!;
      const annual = plans.find((plan) => plan.planId === `${tier}-annual`)!;
      expect(annual.price).toBe(Math.floor(monthly.price * 12 * (1 - ANNUAL_DISCOUNT)));
      expect(annual.dailyLimit).toBe(monthly.dailyLimit);
    }
  });

  it("subscribes: PayPal approval, the return page confirms, and auth is told premium with the plan's limits", async () => {
    const userId = newUser();
    const { subscription } = await subscribe(userId);
    expect(subscription).toMatchObject({
      status: 'active',
      plan: { planId: 'hobby-monthly' },
      failedPaymentCount: 0,
      endDate: null,
    });
    expect(new Date(subscription!.nextBillingDate!).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const event = await billing.accountEventWhere((e) => e.userId === userId);
    expect(event).toMatchObject({
      revision: 1,
      account: {
        role: 'premium',
        membershipPlan: 'hobby-monthly',
        membershipStatus: 'active',
        dailyLimit: 3000,
        maxImagesPerExtraction: 500,
        paypalSubscriptionId: subscription!.paypalSubscriptionId,
      },
    });
    expect(await json<UserSubscription>(await billing.call(userId, 'GET', '/api/user/subscription'), 200)).toEqual({
      subscription,
    });
  });

  it('subscribes once on a double click, and refuses the plan the member already has', async () => {
    const userId = newUser();
    const [first, second] = await Promise.all([
      billing.call(userId, 'POST', '/api/subscriptions/create', { planId: 'startup-monthly' }),
      billing.call(userId, 'POST', '/api/subscriptions/create', { planId: 'startup-monthly' }),
    ]);
    const a = await json<SubscriptionApproval>(first, 201);
    const b = await json<SubscriptionApproval>(second, 201);
    expect(b).toEqual(a);
    const rows = await billing.app
      .get(DataSource)
      .query(`SELECT "paypalSubscriptionId" FROM "user_subscriptions" WHERE "userId" = $1`, [userId]);
    expect(rows).toHaveLength(1);
    const back = await billing.decide(a.approvalUrl, 'approve');
    await json(
      await billing.call(userId, 'POST', '/api/subscriptions/confirm', {
        subscriptionId: back.searchParams.get('subscription_id'),
      }),
      200,
    );
    const again = await json<{ code: string; message: string }>(
      await billing.call(userId, 'POST', '/api/subscriptions/create', { planId: 'startup-monthly' }),
      409,
    );
    expect(again).toMatchObject({ code: 'ALREADY_SUBSCRIBED', message: 'You are already subscribed to this plan.' });
  });

  it("refuses visitors, unknown plans and bad bodies with the catalogue's words", async () => {
    expect(
      await json(await billing.call(null, 'POST', '/api/subscriptions/create', { planId: 'hobby-monthly' }), 401),
    ).toMatchObject({
      code: 'SUBSCRIPTION_AUTH_REQUIRED',
      message: 'Please log in or create an account to subscribe to this plan',
    });
    expect(
      await json(
        await billing.call(newUser(), 'POST', '/api/subscriptions/create', { planId: 'platinum', price: 1 }),
        404,
      ),
    ).toMatchObject({ code: 'PLAN_NOT_FOUND' });
    expect(await json(await billing.call(newUser(), 'POST', '/api/subscriptions/create', {}), 400)).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(await json(await billing.call(null, 'GET', '/api/user/subscription'), 401)).toMatchObject({
      code: 'AUTHENTICATION_REQUIRED',
    });
    expect(await json(await billing.call(newUser(), 'POST', '/api/subscriptions/cancel', {}), 404)).toMatchObject({
      code: 'NO_ACTIVE_SUBSCRIPTION',
      message: 'No active subscription found',
    });
  });

  it('treats the seed\'s "premium" as Hobby monthly', async () => {
    const { subscription } = await subscribe(newUser(), 'premium');
    expect(subscription?.plan.planId).toBe('hobby-monthly');
  });

  it('a buyer who cancels on PayPal comes back to the cancel address, and nothing is bought', async () => {
    const userId = newUser();
    const approval = await json<SubscriptionApproval>(
      await billing.call(userId, 'POST', '/api/subscriptions/create', { planId: 'hobby-annual', language: 'ar' }),
      201,
    );
    const back = await billing.decide(approval.approvalUrl, 'cancel');
    expect(back.pathname).toBe('/ar/payment');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect(
      await json(
        await billing.call(userId, 'POST', '/api/subscriptions/confirm', {
          subscriptionId: back.searchParams.get('subscription_id'),
        }),
        409,
      ),
    ).toMatchObject({ code: 'PAYMENT_NOT_APPROVED' });
    expect(await json<UserSubscription>(await billing.call(userId, 'GET', '/api/user/subscription'), 200)).toEqual({
      subscription: null,
    });
  });

  it("cancels only the member's own subscription; premium lasts to the end of the paid period, then ends", async () => {
    const owner = newUser();
    const { subscription } = await subscribe(owner);
    const stranger = newUser();
    expect(
      await json(
        await billing.call(stranger, 'POST', '/api/subscriptions/cancel', {
          subscriptionId: subscription!.paypalSubscriptionId,
        }),
        404,
      ),
    ).toMatchObject({ code: 'NO_ACTIVE_SUBSCRIPTION' });

    const cancelled = await json<UserSubscription>(
      await billing.call(owner, 'POST', '/api/subscriptions/cancel', {
        subscriptionId: subscription!.paypalSubscriptionId,
      }),
      200,
    );
    expect(cancelled.subscription).toMatchObject({
      status: 'cancelled',
      nextBillingDate: null,
      endDate: subscription!.nextBillingDate,
    });
    const stillPremium = await billing.accountEventWhere(
      (e) => e.userId === owner && e.account.membershipStatus === 'cancelled',
    );
    expect(stillPremium.account).toMatchObject({
      role: 'premium',
      dailyLimit: 3000,
      subscriptionExpiresAt: subscription!.nextBillingDate,
    });
    expect(await json(await billing.call(owner, 'POST', '/api/subscriptions/cancel', {}), 404)).toMatchObject({
      code: 'NO_ACTIVE_SUBSCRIPTION',
    });

    const moved = await json<{ changedUsers: number }>(
      await billing.call(null, 'POST', '/internal/test-clock/advance', { days: 32 }),
      200,
    );
    expect(moved.changedUsers).toBeGreaterThanOrEqual(1);
    const ended = await billing.accountEventWhere((e) => e.userId === owner && e.account.role === 'registered');
    expect(ended).toMatchObject({
      revision: 3,
      account: { role: 'registered', membershipStatus: 'expired', dailyLimit: null, maxImagesPerExtraction: null },
    });
    expect(await json<UserSubscription>(await billing.call(owner, 'GET', '/api/user/subscription'), 200)).toEqual({
      subscription: null,
    });
  });

  it('upgrades at once and downgrades at the end of the paid cycle', async () => {
    const userId = newUser();
    await subscribe(userId, 'startup-monthly');
    const upgrade = await json<SubscriptionApproval>(
      await billing.call(userId, 'POST', '/api/subscriptions/create', { planId: 'enterprise-monthly' }),
      201,
    );
    const back = await billing.decide(upgrade.approvalUrl, 'approve');
    const upgraded = await json<UserSubscription>(
      await billing.call(userId, 'POST', '/api/subscriptions/confirm', {
        subscriptionId: back.searchParams.get('subscription_id'),
      }),
      200,
    );
    expect(upgraded.subscription).toMatchObject({ plan: { planId: 'enterprise-monthly' }, pendingPlan: null });
    await billing.accountEventWhere((e) => e.userId === userId && e.account.dailyLimit === 30_000);

    const downgrade = await json<SubscriptionApproval>(
      await billing.call(userId, 'POST', '/api/subscriptions/create', { planId: 'hobby-monthly' }),
      201,
    );
    await billing.decide(downgrade.approvalUrl, 'approve');
    const waiting = await json<UserSubscription>(
      await billing.call(userId, 'POST', '/api/subscriptions/confirm', {
        subscriptionId: upgrade.paypalSubscriptionId,
      }),
      200,
    );
    expect(waiting.subscription).toMatchObject({
      plan: { planId: 'enterprise-monthly' },
      pendingPlan: { planId: 'hobby-monthly' },
      pendingPlanFrom: waiting.subscription!.nextBillingDate,
    });

    await json(await billing.call(null, 'POST', '/internal/test-clock/advance', { days: 32 }), 200);
    const downgraded = await billing.accountEventWhere(
      (e) => e.userId === userId && e.account.membershipPlan === 'hobby-monthly',
    );
    expect(downgraded.account).toMatchObject({ role: 'premium', dailyLimit: 3000, maxImagesPerExtraction: 500 });
  });
});
