import {
  JobName,
  QueueName,
  type AccountChanged,
  type AccountState,
  type AuthStatus,
  type Caller,
  type QuotaReservation,
} from '@pixtract/contracts';
import { redisConnectionOptions } from '@pixtract/service-kit';
import { CookieJar } from '@pixtract/testing';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { AuthHarness, startAuth } from './auth-harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const PREMIUM_HOBBY: AccountState = {
  role: 'premium',
  membershipPlan: 'hobby-monthly',
  membershipStatus: 'active',
  dailyLimit: 3000,
  maxImagesPerExtraction: 500,
  subscriptionExpiresAt: '2031-02-01T00:00:00.000Z',
  nextBillingDate: '2031-02-01T00:00:00.000Z',
  lastPaymentDate: '2031-01-01T00:00:00.000Z',
  paypalSubscriptionId: 'I-HOBBY',
};
const REGISTERED: AccountState = {
  ...PREMIUM_HOBBY,
  role: 'registered',
  membershipPlan: 'registered',
  membershipStatus: 'expired',
  dailyLimit: null,
  maxImagesPerExtraction: null,
  subscriptionExpiresAt: null,
  nextBillingDate: null,
};

describe('account events from billing (real Postgres, Redis and BullMQ)', () => {
  let auth: AuthHarness;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    auth = await startAuth('auth_account_events', { ADMIN_USERNAMES: 'boss', PIXTRACT_QUOTA_REGISTERED_DAILY: '1200' });
    const connection = redisConnectionOptions(REDIS_URL);
    queue = new Queue(QueueName.AccountEvents, { connection, prefix: auth.queuePrefix });
    events = new QueueEvents(QueueName.AccountEvents, { connection, prefix: auth.queuePrefix });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await events.close();
    await queue.close();
    await auth.close();
  });

  async function member(username: string): Promise<{ browser: CookieJar; id: number }> {
    const browser = new CookieJar(auth.base);
    await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username, password: 'correct horse battery' },
    });
    const login = await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username, password: 'correct horse battery' },
    });
    return { browser, id: ((await login.json()) as { id: number }).id };
  }

  /** Puts billing's event on the queue and waits for auth's worker to finish it; answers what the worker returned. */
  async function send(
    userId: number,
    revision: number,
    account: AccountState,
    eventId: string = randomUUID(),
  ): Promise<{ changed: boolean }> {
    const event: AccountChanged = { eventId, userId, revision, occurredAt: new Date().toISOString(), account };
    const job = await queue.add(JobName.AccountChanged, event, {
      jobId: `${eventId}-${Math.random().toString(36).slice(2)}`,
    });
    return job.waitUntilFinished(events, 15_000);
  }

  const statusOf = async (browser: CookieJar) =>
    ((await (await browser.fetch('/api/auth/status')).json()) as AuthStatus).user!;
  const callerOf = async (browser: CookieJar) =>
    (await (await browser.fetch('/internal/callers', { method: 'POST' })).json()) as Caller;

  it("makes a member premium with the plan's own limits: status, caller and quota ledger", async () => {
    const { browser, id } = await member('subscriber');
    expect(await send(id, 1, PREMIUM_HOBBY)).toEqual({ changed: true });

    const user = await statusOf(browser);
    expect(user).toMatchObject({
      role: 'premium',
      dailyLimit: 3000,
      maxImagesPerExtraction: 500,
      membershipPlan: 'hobby-monthly',
      membershipStatus: 'active',
      subscriptionExpiresAt: PREMIUM_HOBBY.subscriptionExpiresAt,
    });
    expect(user.usageStats.remainingToday).toBe(3000);
    const caller = await callerOf(browser);
    expect(caller).toMatchObject({ perExtraction: 500, limits: { role: 'premium', total: 3000, remaining: 3000 } });

    // A bigger plan: the ledger grants by the user's own limits, not the premium role's defaults.
    await send(id, 2, {
      ...PREMIUM_HOBBY,
      membershipPlan: 'enterprise-monthly',
      dailyLimit: 30_000,
      maxImagesPerExtraction: 10_000,
    });
    const reservation = (await (
      await fetch(`${auth.base}/internal/quota/reservations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ extractionId: randomUUID(), subject: `user:${id}`, found: 12_000 }),
      })
    ).json()) as QuotaReservation;
    expect(reservation).toMatchObject({
      granted: 10_000,
      limits: { total: 30_000, used: 10_000, remaining: 20_000, role: 'premium', limitApplied: true },
    });
    const profile = (await (await browser.fetch('/api/user/profile')).json()) as {
      dailyLimit: number;
      quarterlyStats: { q1: { total: number } };
    };
    expect(profile.dailyLimit).toBe(30_000);
    expect(profile.quarterlyStats.q1.total % 30_000).toBe(0);
  });

  it('applies each event once, and never an older revision over a newer one', async () => {
    const { browser, id } = await member('late-events');
    const eventId = randomUUID();
    expect(await send(id, 1, PREMIUM_HOBBY, eventId)).toEqual({ changed: true });
    expect(await send(id, 1, PREMIUM_HOBBY, eventId)).toEqual({ changed: false });
    expect(await send(id, 3, REGISTERED)).toEqual({ changed: true });
    // Revision 2 arrives after 3: too late.
    expect(await send(id, 2, { ...PREMIUM_HOBBY, membershipStatus: 'cancelled' })).toEqual({ changed: false });
    const user = await statusOf(browser);
    expect(user).toMatchObject({ role: 'registered', dailyLimit: 1200, membershipStatus: 'expired' });
    expect((await callerOf(browser)).perExtraction).toBe(100);
  });

  it('keeps an administrator an administrator whatever billing says', async () => {
    const { browser, id } = await member('boss');
    await send(id, 1, PREMIUM_HOBBY);
    expect((await statusOf(browser)).role).toBe('admin');
    await send(id, 2, REGISTERED);
    expect((await callerOf(browser)).limits.role).toBe('admin');
  });

  it('refuses a malformed event without retrying it', async () => {
    const job = await queue.add(JobName.AccountChanged, { userId: 'nobody' }, { attempts: 5 });
    await expect(job.waitUntilFinished(events, 15_000)).rejects.toThrow(/Invalid account-changed job payload/);
    expect((await queue.getJob(job.id!))?.attemptsMade).toBe(1);
  });
});
