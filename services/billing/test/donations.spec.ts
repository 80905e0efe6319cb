import type { CapturedDonation, DonationOrder } from '@pixtract/contracts';
import { DataSource } from 'typeorm';
import { startBilling, type BillingHarness } from './billing-harness';

describe('donations (billing, PayPal simulator, real Postgres)', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await startBilling('billing_donations');
  });
  afterAll(() => billing.close());

  const donate = (amount: unknown, userId: number | null = null) =>
    billing.call(userId, 'POST', '/api/donations', { amount });
  /** The buyer approves in PayPal's window (the SDK's popup posts the decision). */
  const approve = (orderId: string) =>
    fetch(`${billing.sim.origin}/checkoutnow`, {
      method: 'POST',
      body: new URLSearchParams({ token: orderId, sdk: '1', decision: 'approve' }),
    });

  it.each([['0'], ['0.00'], ['-5'], ['5.001'], ['1e3'], ['5,00'], ['1.2.3'], [''], ['10000.01'], ['abc'], [5]])(
    'refuses the amount %p with "Invalid amount"',
    async (amount) => {
      const answer = await donate(amount);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({
        code: 'INVALID_AMOUNT',
        message: 'Please enter a valid donation amount',
      });
    },
  );

  it('creates a USD order for the amount with no shipping, captures it once approved, and only once', async () => {
    const order = (await (await donate('10.00', 7)).json()) as DonationOrder;
    const details = billing.sim.events.length;
    const early = await billing.call(null, 'POST', `/api/donations/${order.orderId}/capture`);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'PAYMENT_NOT_APPROVED' });

    expect((await approve(order.orderId)).status).toBe(200);
    const captured = (await (
      await billing.call(null, 'POST', `/api/donations/${order.orderId}/capture`)
    ).json()) as CapturedDonation;
    expect(captured).toEqual({ orderId: order.orderId, status: 'COMPLETED', amount: '10.00', currency: 'USD' });
    const again = await billing.call(null, 'POST', `/api/donations/${order.orderId}/capture`);
    expect(await again.json()).toEqual(captured);

    const [row] = await billing.app
      .get(DataSource)
      .query(
        `SELECT "amountCents", "currency", "status", "userId", "paypalCaptureId" FROM "donations" WHERE "paypalOrderId" = $1`,
        [order.orderId],
      );
    expect(row).toMatchObject({ amountCents: 1000, currency: 'USD', status: 'completed', userId: 7 });
    expect(row.paypalCaptureId).toEqual(expect.any(String));
    const captures = billing.sim.events
      .slice(details)
      .filter((event) => event.event_type === 'PAYMENT.CAPTURE.COMPLETED');
    expect(captures).toHaveLength(1);
  });

  it("takes the server's amount, not anything else the client sends", async () => {
    const answer = await billing.call(null, 'POST', '/api/donations', { amount: '25', value: '0.01', currency: 'EUR' });
    const order = (await answer.json()) as DonationOrder;
    const token = (await (
      await fetch(`${billing.sim.origin}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('pixtract-simulator-client:pixtract-simulator-secret').toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string };
    const paypalOrder = await (
      await fetch(`${billing.sim.origin}/v2/checkout/orders/${order.orderId}`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      })
    ).json();
    expect(paypalOrder).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '25.00' }, description: 'Donation to Pixtract' }],
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
    });
  });

  it('answers an unknown order with 404', async () => {
    const answer = await billing.call(null, 'POST', '/api/donations/NOSUCHORDER1/capture');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'PAYMENT_NOT_FOUND' });
  });
});
