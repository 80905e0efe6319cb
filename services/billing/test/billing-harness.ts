import type { INestApplication } from '@nestjs/common';
import { BILLING_USER_HEADER, PAYPAL_WEBHOOK_PATH, QueueName, type AccountChanged } from '@pixtract/contracts';
import { SIMULATOR_CREDENTIALS, startPayPalSimulator, type PayPalSimulator } from '@pixtract/paypal-simulator';
import { createService, loadConfig, redisConnectionOptions } from '@pixtract/service-kit';
import { baseUrlOf, createTestDatabase, uniqueQueuePrefix, type TestDatabase } from '@pixtract/testing';
import { Worker } from 'bullmq';
import { AppModule } from '../src/app.module';
import { billingConfigSchema } from '../src/billing.config';
import { OffsetClock } from '../src/clock';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface BillingHarness {
  app: INestApplication;
  base: string;
  sim: PayPalSimulator;
  clock: OffsetClock;
  database: TestDatabase;
  /** What billing put on the account-events queue, in the order a worker took it. */
  accountEvents: AccountChanged[];
  /** A request as the gateway sends it: for `userId` (X-Pixtract-User-Id), or for a visitor when null. */
  call: Caller;
  /** A second billing process on the same database, queue prefix and PayPal (another replica). */
  startReplica(): Promise<{ app: INestApplication; call: Caller; close(): Promise<void> }>;
  /** PayPal's own record of a subscription (GET /v1/billing/subscriptions/{id} with the app's token). */
  paypalSubscription(id: string): Promise<{ id: string; status: string; plan_id: string }>;
  /** The buyer's decision on a PayPal approval page (Approve or Cancel): answers where PayPal sends them back. */
  decide(approvalUrl: string, decision: 'approve' | 'cancel'): Promise<URL>;
  /** Resolves once `check` holds for the account events received. */
  accountEventWhere(check: (event: AccountChanged) => boolean): Promise<AccountChanged>;
  close(): Promise<void>;
}

export type Caller = (userId: number | null, method: string, path: string, body?: unknown) => Promise<Response>;

/** Requests to billing at `base` as the gateway sends them. */
const callerOf =
  (base: string): Caller =>
  (userId, method, path, body) =>
    fetch(base + path, {
      method,
      headers: {
        ...(userId === null ? {} : { [BILLING_USER_HEADER]: String(userId) }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

/** Billing on its own database and queue prefix, talking to an in-process PayPal simulator that signs its webhooks. */
export async function startBilling(label: string, env: NodeJS.ProcessEnv = {}): Promise<BillingHarness> {
  const database = await createTestDatabase(label);
  const queuePrefix = uniqueQueuePrefix(label);
  const sim = await startPayPalSimulator({ ...SIMULATOR_CREDENTIALS });
  const clock = new OffsetClock();
  const config = loadConfig('billing', billingConfigSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    PUBLIC_URL: 'http://localhost:3999',
    PAYPAL_API_BASE: sim.origin,
    PAYPAL_CLIENT_ID: SIMULATOR_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: SIMULATOR_CREDENTIALS.clientSecret,
    PAYPAL_WEBHOOK_ID: SIMULATOR_CREDENTIALS.webhookId,
    PAYPAL_CERT_HOSTS: sim.origin,
    SUBSCRIPTION_SWEEP_INTERVAL_MS: '3600000',
    SUBSCRIPTION_RECONCILE_INTERVAL_MS: '3600000',
    BILLING_TEST_CLOCK: '1',
    ...env,
  });
  const start = () =>
    createService({
      name: 'billing',
      module: AppModule.forRoot(config, clock),
      port: 0,
      rawBodyPaths: [PAYPAL_WEBHOOK_PATH],
    });
  const app = await start();
  const base = baseUrlOf(app.getHttpServer());
  sim.deliverTo(`${base}${PAYPAL_WEBHOOK_PATH}`);

  const accountEvents: AccountChanged[] = [];
  const waiters = new Set<() => void>();
  const worker = new Worker<AccountChanged>(
    QueueName.AccountEvents,
    async (job) => {
      accountEvents.push(job.data);
      waiters.forEach((wake) => wake());
    },
    { connection: redisConnectionOptions(REDIS_URL), prefix: queuePrefix },
  );
  // Connected before anything can close it: a worker closed while connecting emits an unhandled error.
  await worker.waitUntilReady();

  return {
    app,
    base,
    sim,
    clock,
    database,
    accountEvents,
    call: callerOf(base),
    startReplica: async () => {
      const replica = await start();
      return { app: replica, call: callerOf(baseUrlOf(replica.getHttpServer())), close: () => replica.close() };
    },
    paypalSubscription: async (id) => {
      const token = await fetch(`${sim.origin}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${SIMULATOR_CREDENTIALS.clientId}:${SIMULATOR_CREDENTIALS.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      const { access_token } = (await token.json()) as { access_token: string };
      const answer = await fetch(`${sim.origin}/v1/billing/subscriptions/${id}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      return (await answer.json()) as { id: string; status: string; plan_id: string };
    },
    decide: async (approvalUrl, decision) => {
      const url = new URL(approvalUrl);
      const page = await fetch(url);
      expect(await page.text()).toContain('Approve');
      const token = url.searchParams.get('ba_token') ?? url.searchParams.get('token')!;
      const field = url.searchParams.has('ba_token') ? 'ba_token' : 'token';
      const answer = await fetch(`${url.origin}${url.pathname}`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ [field]: token, decision }),
      });
      return new URL(answer.headers.get('location')!);
    },
    accountEventWhere: (check) =>
      new Promise((resolve) => {
        const look = () => {
          const found = accountEvents.find(check);
          if (!found) return;
          waiters.delete(look);
          resolve(found);
        };
        waiters.add(look);
        look();
      }),
    close: async () => {
      await worker.close();
      await app.close();
      await sim.close();
      await database.drop();
    },
  };
}
