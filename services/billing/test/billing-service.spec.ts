import { PAYPAL_WEBHOOK_PATH, type SubscriptionApproval } from '@pixtract/contracts';
import { loadConfig } from '@pixtract/service-kit';
import { TEST_INTERNAL_TOKEN } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { billingConfigSchema } from '../src/billing.config';
import { startBilling, type BillingHarness } from './billing-harness';

describe('billing service (real Postgres and Redis)', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await startBilling('billing_boot');
  });
  afterAll(() => billing.close());

  it('is ready when its Postgres and Redis answer', async () => {
    const res = await fetch(`${billing.base}/ready`);
    expect(await res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('keeps the seed defaults of subscription_plans (USD, monthly, 500/day, 25 per extraction) and refuses a negative price', async () => {
    const db = billing.app.get(DataSource);
    const [plan] = await db.query(
      `INSERT INTO subscription_plans ("planId", name, price) VALUES ('premium-monthly', 'Premium', 999) RETURNING *`,
    );
    expect(plan).toMatchObject({
      currency: 'USD',
      interval: 'month',
      dailyLimit: 500,
      maxImagesPerExtraction: 25,
      isActive: true,
      features: [],
    });
    await expect(
      db.query(`INSERT INTO subscription_plans ("planId", name, price) VALUES ('bad', 'Bad', -1)`),
    ).rejects.toThrow(/check/);
  });

  it('created each live plan at PayPal at start-up, once', async () => {
    const db = billing.app.get(DataSource);
    const live = [
      'hobby-monthly',
      'hobby-annual',
      'startup-monthly',
      'startup-annual',
      'enterprise-monthly',
      'enterprise-annual',
    ];
    const rows: Array<{ planId: string; paypalPlanId: string | null }> = await db.query(
      `SELECT "planId", "paypalPlanId" FROM subscription_plans WHERE "planId" = ANY($1)`,
      [live],
    );
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.paypalPlanId?.startsWith('P-'))).toBe(true);
  });

  it("asks PayPal's verify-webhook-signature when the certificate cannot be fetched, and believes its SUCCESS", async () => {
    billing.sim.holdWebhooks(true);
    billing.sim.certificateOutage(true);
    try {
      const approval = (await (
        await billing.call(41, 'POST', '/api/subscriptions/create', { planId: 'hobby-monthly' })
      ).json()) as SubscriptionApproval;
      await billing.decide(approval.approvalUrl, 'approve');
      const activated = billing.sim.events.find((event) => event.resource.id === approval.paypalSubscriptionId)!;
      const delivery = billing.sim.signedDelivery(activated.id);
      const answer = await fetch(`${billing.base}${PAYPAL_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, duplicate: false });
      const forged = await fetch(`${billing.base}${PAYPAL_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body.replace('ACTIVATED', 'EXPIRED'),
      });
      expect(forged.status).toBe(400);
    } finally {
      billing.sim.certificateOutage(false);
      billing.sim.holdWebhooks(false);
    }
  });

  it('sets the plans up again when PayPal no longer knows them (another REST app, a simulator started afresh)', async () => {
    const db = billing.app.get(DataSource);
    await db.query(
      `UPDATE subscription_plans SET "paypalPlanId" = 'P-GONE' || "planId" WHERE "paypalPlanId" IS NOT NULL`,
    );
    const answer = await billing.call(42, 'POST', '/api/subscriptions/create', { planId: 'startup-monthly' });
    expect(answer.status).toBe(201);
    const [plan] = await db.query(`SELECT "paypalPlanId" FROM subscription_plans WHERE "planId" = 'startup-monthly'`);
    expect(plan.paypalPlanId).toMatch(/^P-(?!GONE)/);
  });

  it('refuses the test clock in production and PayPal credentials given by halves', () => {
    expect(() =>
      loadConfig('billing', billingConfigSchema, { NODE_ENV: 'production', BILLING_TEST_CLOCK: '1' }),
    ).toThrow(/BILLING_TEST_CLOCK: must be off in production/);
    expect(() => loadConfig('billing', billingConfigSchema, { PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together/,
    );
  });

  it('has no test clock unless BILLING_TEST_CLOCK is on', async () => {
    const other = await startBilling('billing_no_clock', { BILLING_TEST_CLOCK: '0' });
    try {
      expect((await other.call(null, 'POST', '/internal/test-clock/advance', { days: 40 })).status).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("refuses a stated user and the test clock without the services' shared secret, or with a wrong one (401)", async () => {
    const asks: Array<{ path: string; init: { method?: string; headers: Record<string, string>; body?: string } }> = [
      { path: '/api/user/subscription', init: { headers: { 'x-pixtract-user-id': '43' } } },
      {
        path: '/internal/test-clock/advance',
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"days":40}' },
      },
    ];
    for (const secret of [undefined, 'x'.repeat(TEST_INTERNAL_TOKEN.length)]) {
      for (const { path, init } of asks) {
        const headers: Record<string, string> = {
          ...init.headers,
          ...(secret ? { 'x-pixtract-internal-token': secret } : {}),
        };
        const res = await fetch(billing.base + path, { ...init, headers });
        expect([path, res.status, await res.json()]).toEqual([
          path,
          401,
          { statusCode: 401, code: 'INTERNAL_ONLY', message: "This address answers Pixtract's own services only." },
        ]);
      }
    }
    expect((await billing.call(null, 'POST', '/internal/test-clock/advance', { ms: 1 })).status).toBe(200);
  });

  it('refuses to start in production without INTERNAL_TOKEN', () => {
    expect(() => loadConfig('billing', billingConfigSchema, { NODE_ENV: 'production' })).toThrow(
      /INTERNAL_TOKEN: required in production/,
    );
  });
});
