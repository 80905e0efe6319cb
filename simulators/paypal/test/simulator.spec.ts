import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createVerify, X509Certificate } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { startPayPalSimulator, type PayPalSimulator } from '../src';

const CREDENTIALS = { clientId: 'client-a', clientSecret: 'secret-a', webhookId: 'WEBHOOK1' };

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook listener that records what it is sent. */
async function startListener(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, server };
}

describe('PayPal simulator', () => {
  let sim: PayPalSimulator;
  let listener: Awaited<ReturnType<typeof startListener>>;
  let token: string;

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${sim.origin}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    api(path, { method: 'POST', body: JSON.stringify(body), headers });

  beforeAll(async () => {
    listener = await startListener();
    sim = await startPayPalSimulator({ ...CREDENTIALS, webhookUrl: listener.url });
    const answer = await fetch(`${sim.origin}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('client-a:secret-a').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    token = ((await answer.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await sim.close();
    listener.server.close();
  });

  async function planId(): Promise<string> {
    await post('/v1/catalogs/products', {
      id: `PROD-${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
      name: 'Pixtract',
    }).then(async (res) => {
      const product = (await res.json()) as { id: string };
      (planId as { product?: string }).product = product.id;
    });
    const plan = await post('/v1/billing/plans', {
      product_id: (planId as { product?: string }).product,
      name: 'Hobby monthly',
      billing_cycles: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          total_cycles: 0,
          frequency: { interval_unit: 'MONTH', interval_count: 1 },
          pricing_scheme: { fixed_price: { currency_code: 'USD', value: '9.99' } },
        },
      ],
      payment_preferences: { payment_failure_threshold: 2 },
    });
    return ((await plan.json()) as { id: string }).id;
  }

  it('refuses the API without a token and OAuth with the wrong secret', async () => {
    expect((await fetch(`${sim.origin}/v1/billing/plans`)).status).toBe(401);
    const wrong = await fetch(`${sim.origin}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('client-a:nope').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
  });

  it('subscribes through the approval page, and signs its webhooks as PayPal does', async () => {
    const plan = await planId();
    const created = await post('/v1/billing/subscriptions', {
      plan_id: plan,
      custom_id: '42',
      application_context: { return_url: 'http://site.test/back?plan=x', cancel_url: 'http://site.test/cancel' },
    });
    const subscription = (await created.json()) as {
      id: string;
      status: string;
      links: Array<{ rel: string; href: string }>;
    };
    expect(created.status).toBe(201);
    expect(subscription.status).toBe('APPROVAL_PENDING');
    const approve = subscription.links.find((link) => link.rel === 'approve')!.href;
    const page = await (await fetch(approve)).text();
    expect(page).toContain('Approve');
    const token = new URL(approve).searchParams.get('ba_token')!;
    const decided = await fetch(`${sim.origin}/webapps/billing/subscriptions`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ ba_token: token, decision: 'approve' }),
    });
    const back = new URL(decided.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://site.test/back');
    expect(back.searchParams.get('subscription_id')).toBe(subscription.id);
    expect(back.searchParams.get('plan')).toBe('x');

    const active = (await (await api(`/v1/billing/subscriptions/${subscription.id}`)).json()) as {
      status: string;
      custom_id: string;
      billing_info: { last_payment: { amount: { value: string } } };
    };
    expect(active).toMatchObject({
      status: 'ACTIVE',
      custom_id: '42',
      billing_info: { last_payment: { amount: { value: '9.99' } } },
    });

    await sim.webhooksSettled();
    const deliveries = listener.received.filter(
      (received) =>
        JSON.parse(received.body).resource?.id === subscription.id ||
        JSON.parse(received.body).resource?.billing_agreement_id === subscription.id,
    );
    expect(deliveries.map((delivery) => JSON.parse(delivery.body).event_type)).toEqual([
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
    ]);
    const [first] = deliveries;
    const pem = await (await fetch(String(first.headers['paypal-cert-url']))).text();
    const message = `${String(first.headers['paypal-transmission-id'])}|${String(first.headers['paypal-transmission-time'])}|WEBHOOK1|${crc32(Buffer.from(first.body))}`;
    expect(
      createVerify('RSA-SHA256')
        .update(message)
        .verify(new X509Certificate(pem).publicKey, String(first.headers['paypal-transmission-sig']), 'base64'),
    ).toBe(true);
    expect(first.headers['paypal-auth-algo']).toBe('SHA256withRSA');

    const verified = await post('/v1/notifications/verify-webhook-signature', {
      auth_algo: 'SHA256withRSA',
      cert_url: first.headers['paypal-cert-url'],
      transmission_id: first.headers['paypal-transmission-id'],
      transmission_sig: first.headers['paypal-transmission-sig'],
      transmission_time: first.headers['paypal-transmission-time'],
      webhook_id: 'WEBHOOK1',
      webhook_event: JSON.parse(first.body),
    });
    expect(await verified.json()).toEqual({ verification_status: 'SUCCESS' });
    const tampered = await post('/v1/notifications/verify-webhook-signature', {
      auth_algo: 'SHA256withRSA',
      cert_url: first.headers['paypal-cert-url'],
      transmission_id: first.headers['paypal-transmission-id'],
      transmission_sig: first.headers['paypal-transmission-sig'],
      transmission_time: first.headers['paypal-transmission-time'],
      webhook_id: 'WEBHOOK1',
      webhook_event: { ...JSON.parse(first.body), summary: 'forged' },
    });
    expect(await tampered.json()).toEqual({ verification_status: 'FAILURE' });
  });

  it('resends an event with its id and body in a new transmission', async () => {
    const [event] = sim.events;
    const before = listener.received.length;
    const answer = await post(`/v1/notifications/webhooks-events/${event.id}/resend`, { webhook_ids: ['WEBHOOK1'] });
    expect(answer.status).toBe(202);
    await sim.webhooksSettled();
    const resent = listener.received.slice(before);
    expect(resent).toHaveLength(1);
    expect(JSON.parse(resent[0].body)).toEqual(event);
  });

  it("suspends a subscription after the plan's threshold of failed payments", async () => {
    const plan = await planId();
    const created = (await (
      await post('/v1/billing/subscriptions', {
        plan_id: plan,
        application_context: { return_url: 'http://site.test/r', cancel_url: 'http://site.test/c' },
      })
    ).json()) as { id: string; links: Array<{ rel: string; href: string }> };
    const token = new URL(created.links.find((link) => link.rel === 'approve')!.href).searchParams.get('ba_token')!;
    await fetch(`${sim.origin}/webapps/billing/subscriptions`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ ba_token: token, decision: 'approve' }),
    });
    for (let i = 0; i < 2; i++)
      await fetch(`${sim.origin}/simulator/subscriptions/${created.id}/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"outcome":"FAILED"}',
      });
    const suspended = (await (await api(`/v1/billing/subscriptions/${created.id}`)).json()) as {
      status: string;
      billing_info: { failed_payments_count: number };
    };
    expect(suspended).toMatchObject({ status: 'SUSPENDED', billing_info: { failed_payments_count: 2 } });
    const types = sim.events.filter((event) => event.resource.id === created.id).map((event) => event.event_type);
    expect(types).toEqual([
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
    ]);
  });

  it('captures an order only once the buyer approved it, and only once', async () => {
    const created = await post('/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '10.00' }, description: 'Donation' }],
    });
    const order = (await created.json()) as { id: string; status: string };
    expect(order.status).toBe('CREATED');
    const early = await post(`/v2/checkout/orders/${order.id}/capture`, {});
    expect(early.status).toBe(422);
    expect(((await early.json()) as { details: Array<{ issue: string }> }).details[0].issue).toBe('ORDER_NOT_APPROVED');
    const popup = await fetch(`${sim.origin}/checkoutnow`, {
      method: 'POST',
      body: new URLSearchParams({ token: order.id, sdk: '1', decision: 'approve' }),
    });
    expect(await popup.text()).toContain('postMessage');
    const captured = await post(`/v2/checkout/orders/${order.id}/capture`, {});
    expect(captured.status).toBe(201);
    expect(await captured.json()).toMatchObject({
      status: 'COMPLETED',
      purchase_units: [{ payments: { captures: [{ status: 'COMPLETED', amount: { value: '10.00' } }] } }],
    });
    expect((await post(`/v2/checkout/orders/${order.id}/capture`, {})).status).toBe(422);
  });

  it('answers a repeated PayPal-Request-Id with the first answer', async () => {
    const body = { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '5.00' } }] };
    const first = (await (await post('/v2/checkout/orders', body, { 'paypal-request-id': 'same-1' })).json()) as {
      id: string;
    };
    const second = (await (await post('/v2/checkout/orders', body, { 'paypal-request-id': 'same-1' })).json()) as {
      id: string;
    };
    expect(second.id).toBe(first.id);
  });

  it('serves its SDK only to its own client id', async () => {
    expect((await fetch(`${sim.sdkUrl}?client-id=client-a&currency=USD&intent=capture`)).status).toBe(200);
    expect((await fetch(`${sim.sdkUrl}?client-id=someone-else`)).status).toBe(400);
  });
});
