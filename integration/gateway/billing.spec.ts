import {
  PAYPAL_WEBHOOK_PATH,
  type PaymentsConfig,
  type SubscriptionApproval,
  type SubscriptionPlan,
  type UserSubscription,
} from '@pixtract/contracts';
import { CookieJar } from '@pixtract/testing';
import { startBilling, type BillingHarness } from '@pixtract/billing/test/billing-harness';
import { startGateway, type GatewayHarness } from '../support/gateway-harness';

describe('billing behind the gateway (gateway, auth, billing, PayPal simulator; real Postgres and Redis)', () => {
  let billing: BillingHarness;
  let gateway: GatewayHarness;

  beforeAll(async () => {
    billing = await startBilling('gateway_billing');
    gateway = await startGateway('gateway_billing', {
      BILLING_URL: billing.base,
      PAYPAL_CLIENT_ID: 'pixtract-simulator-client',
      PAYPAL_SDK_URL: billing.sim.sdkUrl,
      PAYPAL_TEST_PAYMENTS: '1',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await billing.close();
  });

  async function member(username: string): Promise<{ browser: CookieJar; id: number }> {
    const browser = new CookieJar(gateway.base);
    await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username, password: 'correct horse battery' },
    });
    const login = await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    return { browser, id: ((await login.json()) as { id: number }).id };
  }

  it("tells the web how to load PayPal's SDK, and that payments are test payments", async () => {
    const config = (await (await fetch(`${gateway.base}/api/billing/config`)).json()) as PaymentsConfig;
    expect(config).toEqual({
      clientId: 'pixtract-simulator-client',
      sdkUrl: billing.sim.sdkUrl,
      currency: 'USD',
      testPayments: true,
    });
  });

  it('lists the plans to anyone', async () => {
    const plans = (await (await fetch(`${gateway.base}/api/subscription-plans`)).json()) as SubscriptionPlan[];
    expect(plans).toHaveLength(6);
  });

  it('states the signed-in user to billing, and never a user header the visitor sent', async () => {
    const forged = await fetch(`${gateway.base}/api/subscriptions/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-pixtract-user-id': '1' },
      body: JSON.stringify({ planId: 'hobby-monthly' }),
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'SUBSCRIPTION_AUTH_REQUIRED' });

    const { browser, id } = await member('gateway-subscriber');
    const created = await browser.fetch('/api/subscriptions/create', {
      method: 'POST',
      json: { planId: 'hobby-monthly' },
      headers: { 'x-pixtract-user-id': '999' },
    });
    expect(created.status).toBe(201);
    const approval = (await created.json()) as SubscriptionApproval;
    const back = await billing.decide(approval.approvalUrl, 'approve');
    const confirmed = await browser.fetch('/api/subscriptions/confirm', {
      method: 'POST',
      json: { subscriptionId: back.searchParams.get('subscription_id') },
    });
    expect(((await confirmed.json()) as UserSubscription).subscription?.status).toBe('active');
    const event = await billing.accountEventWhere(
      (candidate) => candidate.account.paypalSubscriptionId === approval.paypalSubscriptionId,
    );
    expect(event.userId).toBe(id);
  });

  it("passes the webhook's exact bytes to billing, exempt from the CSRF check but not from its signature", async () => {
    const { browser } = await member('gateway-webhooks');
    const approval = (await (
      await browser.fetch('/api/subscriptions/create', { method: 'POST', json: { planId: 'startup-monthly' } })
    ).json()) as SubscriptionApproval;
    billing.sim.holdWebhooks(true);
    try {
      await billing.decide(approval.approvalUrl, 'approve');
    } finally {
      billing.sim.holdWebhooks(false);
    }
    const activated = billing.sim.events.find(
      (event) =>
        event.resource.id === approval.paypalSubscriptionId && event.event_type === 'BILLING.SUBSCRIPTION.ACTIVATED',
    )!;
    // Indented JSON: parsing and re-encoding would change the bytes, and the CRC32 in the signature with them.
    const delivery = billing.sim.signedDelivery(activated.id, 2);
    const crossSite = { cookie: browser.header(), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const accepted = await fetch(`${gateway.base}${PAYPAL_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { ...delivery.headers, ...crossSite },
      body: delivery.body,
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true, duplicate: false });

    const forged = await fetch(`${gateway.base}${PAYPAL_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { ...delivery.headers, ...crossSite },
      body: delivery.body.replace('ACTIVATED', 'SUSPENDED'),
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'WEBHOOK_UNVERIFIED' });
  });

  it('still refuses a cross-site form post to the other billing routes', async () => {
    const { browser } = await member('gateway-csrf');
    const answer = await browser.fetch('/api/subscriptions/cancel', {
      method: 'POST',
      json: {},
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(answer.status).toBe(403);
  });

  it("answers 503 in the catalogue's words when billing is down", async () => {
    const lonely = await startGateway('gateway_billing_down', { BILLING_URL: 'http://127.0.0.1:9' });
    try {
      const answer = await fetch(`${lonely.base}/api/subscription-plans`);
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({
        code: 'BILLING_UNAVAILABLE',
        message: 'An error occurred. Please try again later.',
      });
      const config = (await (await fetch(`${lonely.base}/api/billing/config`)).json()) as PaymentsConfig;
      expect(config).toMatchObject({ clientId: null, testPayments: false, sdkUrl: 'https://www.paypal.com/sdk/js' });
    } finally {
      await lonely.close();
    }
  });
});
