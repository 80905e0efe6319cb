import { DataSource } from 'typeorm';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

describe("newsletter 'Stay Updated'", () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway('gateway_newsletter');
  });
  afterAll(() => gateway.close());

  const subscribers = async (): Promise<string[]> =>
    (
      await gateway.app
        .get(DataSource)
        .query<Array<{ email: string }>>('SELECT "email" FROM "newsletter_subscribers" ORDER BY "id"')
    ).map((row) => row.email);

  it('stores a subscriber, trimmed and lower-cased, once however often they subscribe', async () => {
    for (const email of ['  Reader@Example.com ', 'reader@example.com']) {
      const res = await gateway.post('/api/newsletter', { email });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ subscribed: true });
    }
    expect(await subscribers()).toContain('reader@example.com');
    expect((await subscribers()).filter((email) => email === 'reader@example.com')).toHaveLength(1);
  });

  it.each([[{ email: '' }], [{ email: 'no-at-sign' }], [{}], [{ email: 42 }]])(
    'refuses %j as a validation failure',
    async (body) => {
      const res = await gateway.post('/api/newsletter', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    },
  );

  it("answers an address without '@' with 'Please enter a valid email address.'", async () => {
    const res = await gateway.post('/api/newsletter', { email: 'reader.example.com' });
    expect(await res.json()).toMatchObject({ message: 'Please enter a valid email address.' });
  });
});

describe('subscribing at registration (audit row 11)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway('gateway_newsletter_registration');
  });
  afterAll(() => gateway.close());

  const subscribed = async (email: string): Promise<boolean> =>
    (
      await gateway.app
        .get(DataSource)
        .query<unknown[]>('SELECT 1 FROM "newsletter_subscribers" WHERE "email" = $1', [email])
    ).length === 1;

  it('subscribes the address of a registration that asks for it, by the time the account is answered', async () => {
    const res = await gateway.post('/api/auth/register', {
      username: 'Reader',
      password: 'long enough pass',
      email: 'New.Reader@Example.com',
      subscribeNewsletter: true,
    });
    expect(res.status).toBe(201);
    expect(await subscribed('new.reader@example.com')).toBe(true);
  });

  it('subscribes no one for a registration that does not ask, or that fails', async () => {
    expect(
      (
        await gateway.post('/api/auth/register', {
          username: 'quiet',
          password: 'long enough pass',
          email: 'quiet@example.com',
        })
      ).status,
    ).toBe(201);
    expect(await subscribed('quiet@example.com')).toBe(false);
    expect(
      (
        await gateway.post('/api/auth/register', {
          username: 'quiet',
          password: 'long enough pass',
          email: 'taken@example.com',
          subscribeNewsletter: true,
        })
      ).status,
    ).toBe(409);
    expect(await subscribed('taken@example.com')).toBe(false);
  });
});
