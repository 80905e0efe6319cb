import {
  PAYPAL_WEBHOOK_PATH,
  type DonationOrder,
  type SubscriptionApproval,
  type UserSubscription,
} from '@pixtract/contracts';
import { SIMULATOR_CREDENTIALS, startPayPalSimulator, type PayPalSimulator } from '@pixtract/paypal-simulator';
import { scrapeMetric } from '@pixtract/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { startBilling, type BillingHarness } from './billing-harness';

describe('PayPal webhooks (billing, PayPal simulator, real Postgres and Redis)', () => {
  let billing: BillingHarness;
  let nextUser = 500;
  const newUser = () => nextUser++;

  beforeAll(async () => {
    billing = await startBilling('billing_webhooks');
  });
  afterAll(() => billing.close());

  const db = () => billing.app.get(DataSource);
  const post = (headers: Record<string, string>, body: string) =>
    fetch(`${billing.base}${PAYPAL_WEBHOOK_PATH}`, { method: 'POST', headers, body });
  const subscriptionRow = async (paypalSubscriptionId: string) =>
    (
      await db().query(
        `SELECT "status", "failedPaymentCount", "endDate", "updatedAt" FROM "user_subscriptions" WHERE "paypalSubscriptionId" = $1`,
        [paypalSubscriptionId],
      )
    )[0];
  const storedEvents = async () => Number((await db().query(`SELECT count(*) FROM "paypal_webhook_events"`))[0].count);
  const eventsOf = (paypalSubscriptionId: string) =>
    billing.sim.events.filter(
      (event) =>
        event.resource.id === paypalSubscriptionId || event.resource.billing_agreement_id === paypalSubscriptionId,
    );
  const webhooksCounted = (outcome: string) =>
    scrapeMetric(`${billing.base}/metrics`, 'pixtract_billing_webhooks_total', { outcome });
  const accountEventsOf = (userId: number) => billing.accountEvents.filter((event) => event.userId === userId);

  /** Until `check` passes (webhooks are delivered asynchronously, like PayPal's). */
  async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
    for (;;) {
      const value = await read();
      if (check(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A subscription approved on the simulator; its webhooks are delivered unless held. */
  async function approvedSubscription(userId: number): Promise<string> {
    const approval = (await (
      await billing.call(userId, 'POST', '/api/subscriptions/create', { planId: 'hobby-monthly' })
    ).json()) as SubscriptionApproval;
    await billing.decide(approval.approvalUrl, 'approve');
    return approval.paypalSubscriptionId;
  }

  it("activates a subscription from PayPal's own webhooks alone (no return page)", async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await billing.sim.webhooksSettled();
    expect(await subscriptionRow(id)).toMatchObject({ status: 'active' });
    await billing.accountEventWhere((event) => event.userId === userId && event.account.role === 'premium');
  });

  it('refuses a forged signature with 400 and changes nothing', async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await billing.sim.webhooksSettled();
    const [activated] = eventsOf(id);
    const genuine = billing.sim.signedDelivery(activated.id);
    const before = await storedEvents();

    const tampered = JSON.stringify({ ...JSON.parse(genuine.body), event_type: 'BILLING.SUBSCRIPTION.CANCELLED' });
    const forged = await post(genuine.headers, tampered);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({
      code: 'WEBHOOK_UNVERIFIED',
      message: 'The webhook signature could not be verified.',
    });
    const wrongSignature = await post(
      { ...genuine.headers, 'paypal-transmission-sig': Buffer.from('not a signature').toString('base64') },
      genuine.body,
    );
    expect(wrongSignature.status).toBe(400);
    const missingHeaders = await post({ 'content-type': 'application/json' }, genuine.body);
    expect(missingHeaders.status).toBe(400);

    expect(await storedEvents()).toBe(before);
    expect(await subscriptionRow(id)).toMatchObject({ status: 'active', failedPaymentCount: 0 });
  });

  it('refuses a body larger than any PayPal event with 413 in the catalogue’s words, and its connection stays usable', async () => {
    const before = await storedEvents();
    const huge = await post(
      { 'content-type': 'application/json' },
      JSON.stringify({
        id: 'WH-HUGE',
        event_type: 'PAYMENT.SALE.COMPLETED',
        resource: { note: 'x'.repeat(600 * 1024) },
      }),
    );
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large.',
    });
    // The next requests go on the same kept-alive connections.
    for (let attempt = 0; attempt < 3; attempt++)
      expect(await (await post({ 'content-type': 'application/json' }, '{}')).json()).toMatchObject({
        code: 'WEBHOOK_UNVERIFIED',
      });
    expect(await storedEvents()).toBe(before);
  });

  it('refuses a certificate from a host off the allow-list without fetching it', async () => {
    // An attacker's own PayPal-shaped simulator: its signatures are valid for its own certificate.
    const attacker: PayPalSimulator = await startPayPalSimulator({ ...SIMULATOR_CREDENTIALS, host: 'localhost' });
    let certificateRequests = 0;
    const spy: Server = createServer((req, res) => {
      certificateRequests++;
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
    try {
      const userId = newUser();
      const id = await approvedSubscription(userId);
      await billing.sim.webhooksSettled();
      const [activated] = eventsOf(id);
      const before = await storedEvents();
      // A genuine event re-signed by the attacker, whose certificate lives on another host.
      const ownDelivery = billing.sim.signedDelivery(activated.id);
      const attackerEvent = {
        ...JSON.parse(ownDelivery.body),
        id: 'WH-FORGED1',
        event_type: 'BILLING.SUBSCRIPTION.SUSPENDED',
      };
      const answer = await post(
        { ...ownDelivery.headers, 'paypal-cert-url': attacker.certUrl },
        JSON.stringify(attackerEvent),
      );
      expect(answer.status).toBe(400);
      const elsewhere = await post(
        {
          ...ownDelivery.headers,
          'paypal-cert-url': `http://127.0.0.1:${(spy.address() as AddressInfo).port}/v1/notifications/certs/CERT-1`,
        },
        ownDelivery.body,
      );
      expect(elsewhere.status).toBe(400);
      expect(certificateRequests).toBe(0);
      expect(await storedEvents()).toBe(before);
      expect(await subscriptionRow(id)).toMatchObject({ status: 'active' });
    } finally {
      await attacker.close();
      spy.close();
    }
  });

  it("a replay through PayPal's resend changes nothing", async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await fetch(`${billing.sim.origin}/simulator/subscriptions/${id}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"outcome":"FAILED"}',
    });
    await billing.sim.webhooksSettled();
    expect(await subscriptionRow(id)).toMatchObject({ status: 'active', failedPaymentCount: 1 });
    const events = accountEventsOf(userId).length;
    const before = await subscriptionRow(id);

    const failed = eventsOf(id).find((event) => event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED')!;
    const resent = await fetch(`${billing.sim.origin}/v1/notifications/webhooks-events/${failed.id}/resend`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await simulatorToken(billing.sim)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ webhook_ids: [SIMULATOR_CREDENTIALS.webhookId] }),
    });
    expect(resent.status).toBe(202);
    await billing.sim.webhooksSettled();
    expect(await subscriptionRow(id)).toEqual(before);
    expect(accountEventsOf(userId)).toHaveLength(events);
  });

  it('counts failed payments once each, and a suspension ends premium', async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    for (let attempt = 0; attempt < 3; attempt++) {
      await fetch(`${billing.sim.origin}/simulator/subscriptions/${id}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"outcome":"FAILED"}',
      });
    }
    await billing.sim.webhooksSettled();
    expect(await subscriptionRow(id)).toMatchObject({ status: 'suspended', failedPaymentCount: 3 });
    const suspended = await billing.accountEventWhere(
      (event) => event.userId === userId && event.account.membershipStatus === 'suspended',
    );
    expect(suspended.account).toMatchObject({ role: 'registered', dailyLimit: null });
  });

  it('an expiry from PayPal ends premium', async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await fetch(`${billing.sim.origin}/simulator/subscriptions/${id}/expire`, { method: 'POST' });
    await billing.sim.webhooksSettled();
    expect(await subscriptionRow(id)).toMatchObject({ status: 'expired' });
    const expired = await billing.accountEventWhere(
      (event) => event.userId === userId && event.account.role === 'registered',
    );
    expect(expired.account.membershipStatus).toBe('expired');
  });

  it('a renewal moves the next billing date and the last payment', async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await billing.sim.webhooksSettled();
    const first = (await (await billing.call(userId, 'GET', '/api/user/subscription')).json()) as UserSubscription;
    await fetch(`${billing.sim.origin}/simulator/subscriptions/${id}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"outcome":"COMPLETED"}',
    });
    await billing.sim.webhooksSettled();
    const renewed = (await (await billing.call(userId, 'GET', '/api/user/subscription')).json()) as UserSubscription;
    expect(renewed.subscription!.lastPaymentDate).toBe(first.subscription!.nextBillingDate);
    expect(new Date(renewed.subscription!.nextBillingDate!).getTime()).toBeGreaterThan(
      new Date(first.subscription!.nextBillingDate!).getTime() + 27 * 86_400_000,
    );
    await billing.accountEventWhere(
      (event) => event.userId === userId && event.account.nextBillingDate === renewed.subscription!.nextBillingDate,
    );
  });

  it("CANCELLED before ACTIVATED: PayPal's state wins, premium until the paid period ends", async () => {
    billing.sim.holdWebhooks(true);
    const userId = newUser();
    let id: string;
    try {
      id = await approvedSubscription(userId);
      const token = await simulatorToken(billing.sim);
      const cancel = await fetch(`${billing.sim.origin}/v1/billing/subscriptions/${id}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"reason":"changed my mind on PayPal"}',
      });
      expect(cancel.status).toBe(204);
    } finally {
      billing.sim.holdWebhooks(false);
    }
    const byType = (type: string) => eventsOf(id).find((event) => event.event_type === type)!;
    const token = await simulatorToken(billing.sim);
    const resend = (eventId: string) =>
      fetch(`${billing.sim.origin}/v1/notifications/webhooks-events/${eventId}/resend`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      });
    await resend(byType('BILLING.SUBSCRIPTION.CANCELLED').id);
    await billing.sim.webhooksSettled();
    const cancelled = await eventually(
      () => subscriptionRow(id),
      (row) => row?.status === 'cancelled',
    );
    await resend(byType('BILLING.SUBSCRIPTION.ACTIVATED').id);
    await resend(byType('PAYMENT.SALE.COMPLETED').id);
    await billing.sim.webhooksSettled();
    expect(await subscriptionRow(id)).toMatchObject({ status: 'cancelled', endDate: cancelled.endDate });
    expect(cancelled.endDate.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    const account = accountEventsOf(userId).map((event) => event.account);
    expect(account).toHaveLength(1);
    expect(account[0]).toMatchObject({
      role: 'premium',
      membershipStatus: 'cancelled',
      subscriptionExpiresAt: cancelled.endDate.toISOString(),
    });
  });

  it('two concurrent copies of one event are applied once', async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await billing.sim.webhooksSettled();
    await fetch(`${billing.sim.origin}/simulator/subscriptions/${id}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"outcome":"FAILED"}',
    });
    await billing.sim.webhooksSettled();
    const failed = eventsOf(id).find((event) => event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED')!;
    // Stored already by its first delivery: forget it, then deliver two copies at once.
    await db().query(`DELETE FROM "paypal_webhook_events" WHERE "id" = $1`, [failed.id]);
    await db().query(`UPDATE "user_subscriptions" SET "failedPaymentCount" = 0 WHERE "paypalSubscriptionId" = $1`, [
      id,
    ]);
    const copies = [billing.sim.signedDelivery(failed.id), billing.sim.signedDelivery(failed.id)];
    const answers = await Promise.all(copies.map((copy) => post(copy.headers, copy.body)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as Array<{ duplicate: boolean }>;
    expect(bodies.map((body) => body.duplicate).sort()).toEqual([false, true]);
    expect(await subscriptionRow(id)).toMatchObject({ failedPaymentCount: 1 });
  });

  it('refuses a genuine delivery whose transmission time is more than a few minutes from now', async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await billing.sim.webhooksSettled();
    const activated = eventsOf(id)[0];
    await db().query(`DELETE FROM "paypal_webhook_events" WHERE "id" = $1`, [activated.id]);
    const body = billing.sim.signedDelivery(activated.id).body;
    const before = await storedEvents();
    const refusedBefore = await webhooksCounted('refused');
    for (const minutes of [-6, 6, -24 * 60]) {
      const stale = billing.sim.signTransmission(body, new Date(Date.now() + minutes * 60_000));
      const answer = await post(stale.headers, stale.body);
      expect({ minutes, status: answer.status }).toEqual({ minutes, status: 400 });
      expect(await answer.json()).toMatchObject({ code: 'WEBHOOK_UNVERIFIED' });
    }
    expect(await storedEvents()).toBe(before);
    expect(await webhooksCounted('refused')).toBe(refusedBefore + 3);
    const fresh = billing.sim.signTransmission(body, new Date(Date.now() - 60_000));
    expect((await post(fresh.headers, fresh.body)).status).toBe(200);
  });

  it('a verified body claiming a capture of an order PayPal has not completed changes nothing', async () => {
    const order = (await (
      await billing.call(null, 'POST', '/api/donations', { amount: '12.00' })
    ).json()) as DonationOrder;
    // Approved by the buyer, never captured: PayPal says APPROVED.
    await fetch(`${billing.sim.origin}/checkoutnow`, {
      method: 'POST',
      body: new URLSearchParams({ token: order.orderId, sdk: '1', decision: 'approve' }),
    });
    const claim = billing.sim.signTransmission(
      JSON.stringify({
        id: 'WH-CLAIMS-CAPTURE',
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'capture',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        summary: 'Payment completed for $ 12.00 USD',
        resource: {
          id: 'CAPTURE-NEVER-MADE',
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: '12.00' },
          supplementary_data: { related_ids: { order_id: order.orderId } },
        },
        links: [],
      }),
    );
    const answer = await post(claim.headers, claim.body);
    expect(answer.status).toBe(200);
    const [donation] = await db().query(
      `SELECT "status", "paypalCaptureId" FROM "donations" WHERE "paypalOrderId" = $1`,
      [order.orderId],
    );
    expect(donation).toEqual({ status: 'created', paypalCaptureId: null });
    // Captured for real, the same kind of event completes it with PayPal's capture id.
    const captured = await billing.call(null, 'POST', `/api/donations/${order.orderId}/capture`);
    expect(captured.status).toBe(200);
    const [after] = await db().query(`SELECT "status", "paypalCaptureId" FROM "donations" WHERE "paypalOrderId" = $1`, [
      order.orderId,
    ]);
    expect(after.status).toBe('completed');
    expect(after.paypalCaptureId).not.toBe('CAPTURE-NEVER-MADE');
  });

  it('a verified body claiming a failed payment PayPal does not report changes nothing', async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await billing.sim.webhooksSettled();
    const before = await subscriptionRow(id);
    const events = accountEventsOf(userId).length;
    const activated = JSON.parse(billing.sim.signedDelivery(eventsOf(id)[0].id).body);
    for (const [eventId, eventType] of [
      ['WH-CLAIMS-FAILED', 'BILLING.SUBSCRIPTION.PAYMENT.FAILED'],
      ['WH-CLAIMS-SUSPENDED', 'BILLING.SUBSCRIPTION.SUSPENDED'],
    ]) {
      const claim = billing.sim.signTransmission(
        JSON.stringify({
          ...activated,
          id: eventId,
          event_type: eventType,
          resource: { ...activated.resource, status: 'SUSPENDED' },
        }),
      );
      expect((await post(claim.headers, claim.body)).status).toBe(200);
    }
    expect(await subscriptionRow(id)).toEqual(before);
    expect(before).toMatchObject({ status: 'active', failedPaymentCount: 0 });
    expect(accountEventsOf(userId)).toHaveLength(events);
  });

  it('ignores an event about a subscription PayPal does not know, and its replay', async () => {
    const [ignoredBefore, duplicatesBefore] = [await webhooksCounted('ignored'), await webhooksCounted('duplicate')];
    for (const [eventId, eventType, resource] of [
      [
        'WH-UNKNOWN-SUB',
        'BILLING.SUBSCRIPTION.ACTIVATED',
        { id: 'I-NOSUCHSUBSCRIPTION', status: 'ACTIVE', custom_id: '77' },
      ],
      ['WH-UNKNOWN-SALE', 'PAYMENT.SALE.COMPLETED', { id: 'SALE1', billing_agreement_id: 'I-NOSUCHSUBSCRIPTION' }],
    ] as const) {
      const body = JSON.stringify({ id: eventId, event_version: '1.0', event_type: eventType, resource, links: [] });
      const first = billing.sim.signTransmission(body);
      const answer = await post(first.headers, first.body);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, duplicate: false });
      const replay = billing.sim.signTransmission(body);
      expect(await (await post(replay.headers, replay.body)).json()).toEqual({ received: true, duplicate: true });
    }
    expect(
      await db().query(
        `SELECT count(*)::int AS n FROM "user_subscriptions" WHERE "paypalSubscriptionId" = 'I-NOSUCHSUBSCRIPTION'`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await webhooksCounted('ignored')).toBe(ignoredBefore + 2);
    expect(await webhooksCounted('duplicate')).toBe(duplicatesBefore + 2);
  });

  it("asks PayPal's verify API when it cannot check the signature itself, and believes its FAILURE", async () => {
    const userId = newUser();
    const id = await approvedSubscription(userId);
    await billing.sim.webhooksSettled();
    const delivery = billing.sim.signedDelivery(eventsOf(id)[0].id);
    const answer = await post({ ...delivery.headers, 'paypal-auth-algo': 'SHA512withRSA' }, delivery.body);
    expect(answer.status).toBe(400);
  });
});

async function simulatorToken(sim: PayPalSimulator): Promise<string> {
  const answer = await fetch(`${sim.origin}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${SIMULATOR_CREDENTIALS.clientId}:${SIMULATOR_CREDENTIALS.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}
