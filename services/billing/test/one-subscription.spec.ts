import type { SubscriptionApproval, UserSubscription } from '@pixtract/contracts';
import { scrapeMetric } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { OneActiveSubscriptionPerUser1765000000000 } from '../src/migrations/1765000000000-one-active-subscription-per-user';
import { SubscriptionReconciliation } from '../src/subscription/subscription-reconciliation.service';
import { startBilling, type BillingHarness, type Caller } from './billing-harness';

const DUPLICATES_CANCELLED = 'pixtract_billing_duplicate_subscriptions_cancelled_total';

describe('one paid subscription per account (billing, PayPal simulator, real Postgres and Redis)', () => {
  let billing: BillingHarness;
  let nextUser = 900;
  const newUser = () => nextUser++;

  beforeAll(async () => {
    billing = await startBilling('billing_one_subscription');
  });
  afterAll(() => billing.close());

  const create = async (userId: number, planId: string, call: Caller = billing.call) => {
    const answer = await call(userId, 'POST', '/api/subscriptions/create', { planId });
    expect(answer.status).toBe(201);
    return (await answer.json()) as SubscriptionApproval;
  };
  const confirm = async (userId: number, subscriptionId: string, call: Caller = billing.call) => {
    const answer = await call(userId, 'POST', '/api/subscriptions/confirm', { subscriptionId });
    return { status: answer.status, body: (await answer.json()) as { code?: string; message?: string } };
  };
  const rowsOf = (userId: number): Promise<Array<{ paypalSubscriptionId: string; status: string }>> =>
    billing.app
      .get(DataSource)
      .query(`SELECT "paypalSubscriptionId", "status" FROM "user_subscriptions" WHERE "userId" = $1 ORDER BY "id"`, [
        userId,
      ]);
  const statusesAtPayPal = async (ids: string[]) =>
    (await Promise.all(ids.map((id) => billing.paypalSubscription(id)))).map((s) => s.status).sort();
  const duplicatesCancelled = (foundBy: string) =>
    scrapeMetric(`${billing.base}/metrics`, DUPLICATES_CANCELLED, { found_by: foundBy });

  it.each([
    ['in the order they were made', [0, 1]],
    ['in the other order', [1, 0]],
  ])(
    'two plans chosen before approving either, both approved on PayPal %s: one stays active, the other is cancelled at PayPal',
    async (_order, approvalOrder) => {
      const userId = newUser();
      const before = await duplicatesCancelled('activation');
      const approvals = [await create(userId, 'hobby-monthly'), await create(userId, 'startup-monthly')];
      for (const index of approvalOrder) await billing.decide(approvals[index].approvalUrl, 'approve');
      const answers = [];
      for (const index of approvalOrder) answers.push(await confirm(userId, approvals[index].paypalSubscriptionId));
      await billing.sim.webhooksSettled();

      const ids = approvals.map((approval) => approval.paypalSubscriptionId);
      expect(await statusesAtPayPal(ids)).toEqual(['ACTIVE', 'CANCELLED']);
      const rows = await rowsOf(userId);
      expect(rows.filter((row) => row.status === 'active')).toHaveLength(1);
      const kept = rows.find((row) => row.status === 'active')!.paypalSubscriptionId;
      // The first one approved is kept; approving the other one later is a second subscription, refused.
      expect(kept).toBe(ids[approvalOrder[0]]);
      expect(answers[0].status).toBe(200);
      expect(answers[1]).toEqual({
        status: 409,
        body: {
          statusCode: 409,
          code: 'SUBSCRIPTION_EXISTS',
          message: 'You already have a subscription, so this new one was cancelled on PayPal.',
        },
      });
      const current = (await (await billing.call(userId, 'GET', '/api/user/subscription')).json()) as UserSubscription;
      expect(current.subscription).toMatchObject({ status: 'active', paypalSubscriptionId: kept });
      expect(await duplicatesCancelled('activation')).toBe(before + 1);
    },
  );

  it('parallel creates on two replicas, parallel approvals and confirmations: one active subscription', async () => {
    const replica = await billing.startReplica();
    try {
      const userId = newUser();
      const same = await Promise.all([
        create(userId, 'hobby-monthly'),
        create(userId, 'hobby-monthly', replica.call),
        create(userId, 'hobby-monthly'),
        create(userId, 'hobby-monthly', replica.call),
      ]);
      expect(new Set(same.map((approval) => approval.paypalSubscriptionId)).size).toBe(1);
      const approvals = await Promise.all([
        create(userId, 'startup-monthly'),
        create(userId, 'enterprise-monthly', replica.call),
      ]);
      const all = [same[0], ...approvals];
      await Promise.all(all.map((approval) => billing.decide(approval.approvalUrl, 'approve')));
      const answers = await Promise.all(
        all.map((approval, index) =>
          confirm(userId, approval.paypalSubscriptionId, index % 2 ? replica.call : billing.call),
        ),
      );
      await billing.sim.webhooksSettled();

      expect(await statusesAtPayPal(all.map((approval) => approval.paypalSubscriptionId))).toEqual([
        'ACTIVE',
        'CANCELLED',
        'CANCELLED',
      ]);
      expect((await rowsOf(userId)).filter((row) => row.status === 'active')).toHaveLength(1);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    } finally {
      await replica.close();
    }
  });

  it('more confirmations of one subscription at once than the database pool has connections: every one is answered', async () => {
    // Each waits for the user's lock in a transaction of its own; the one holding it must not need another
    // connection from the pool they fill (it would wait for them, and they for it, for ever).
    const userId = newUser();
    const approval = await create(userId, 'hobby-monthly');
    await billing.decide(approval.approvalUrl, 'approve');
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm(userId, approval.paypalSubscriptionId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  });

  it('a plan chosen after approving another, before billing heard of the approval, is a plan change of that subscription', async () => {
    const userId = newUser();
    billing.sim.holdWebhooks(true);
    let first: SubscriptionApproval;
    let change: SubscriptionApproval;
    try {
      first = await create(userId, 'hobby-monthly');
      await billing.decide(first.approvalUrl, 'approve');
      change = await create(userId, 'startup-monthly');
    } finally {
      billing.sim.holdWebhooks(false);
    }
    expect(change.paypalSubscriptionId).toBe(first.paypalSubscriptionId);
    expect(await rowsOf(userId)).toEqual([{ paypalSubscriptionId: first.paypalSubscriptionId, status: 'active' }]);
    await billing.decide(change.approvalUrl, 'approve');
    expect((await billing.paypalSubscription(first.paypalSubscriptionId)).status).toBe('ACTIVE');
  });

  it('the periodic reconciliation cancels a PayPal subscription that is not the member’s current one, and counts it', async () => {
    const userId = newUser();
    billing.sim.holdWebhooks(true);
    let approvals: SubscriptionApproval[];
    try {
      // Both approved at PayPal, and billing heard of neither (no return page, webhooks lost).
      approvals = [await create(userId, 'hobby-monthly'), await create(userId, 'startup-monthly')];
      for (const approval of approvals) await billing.decide(approval.approvalUrl, 'approve');
      expect(await statusesAtPayPal(approvals.map((approval) => approval.paypalSubscriptionId))).toEqual([
        'ACTIVE',
        'ACTIVE',
      ]);
      const before = await duplicatesCancelled('reconciliation');
      await billing.app.get(SubscriptionReconciliation).run();
      expect(await statusesAtPayPal(approvals.map((approval) => approval.paypalSubscriptionId))).toEqual([
        'ACTIVE',
        'CANCELLED',
      ]);
      expect(await rowsOf(userId)).toEqual([
        { paypalSubscriptionId: approvals[0].paypalSubscriptionId, status: 'active' },
        { paypalSubscriptionId: approvals[1].paypalSubscriptionId, status: 'cancelled' },
      ]);
      expect(await duplicatesCancelled('reconciliation')).toBe(before + 1);
      // Nothing more to do the next time.
      await billing.app.get(SubscriptionReconciliation).run();
      expect(await duplicatesCancelled('reconciliation')).toBe(before + 1);
    } finally {
      billing.sim.holdWebhooks(false);
    }
  });

  it('an account that already paid twice is set right: the migration keeps the newest, the reconciliation cancels the other at PayPal', async () => {
    const userId = newUser();
    const db = billing.app.get(DataSource);
    const migration = new OneActiveSubscriptionPerUser1765000000000();
    billing.sim.holdWebhooks(true);
    try {
      const approvals = [await create(userId, 'hobby-monthly'), await create(userId, 'startup-monthly')];
      for (const approval of approvals) await billing.decide(approval.approvalUrl, 'approve');
      // As the database was before the one-active index: both rows active.
      const runner = db.createQueryRunner();
      try {
        await migration.down(runner);
        await runner.query(`UPDATE "user_subscriptions" SET "status" = 'active' WHERE "userId" = $1`, [userId]);
        await migration.up(runner);
      } finally {
        await runner.release();
      }
      const ids = approvals.map((approval) => approval.paypalSubscriptionId);
      expect(await rowsOf(userId)).toEqual([
        { paypalSubscriptionId: ids[0], status: 'suspended' },
        { paypalSubscriptionId: ids[1], status: 'active' },
      ]);
      await billing.app.get(SubscriptionReconciliation).run();
      expect((await billing.paypalSubscription(ids[0])).status).toBe('CANCELLED');
      expect((await billing.paypalSubscription(ids[1])).status).toBe('ACTIVE');
      expect(await rowsOf(userId)).toEqual([
        { paypalSubscriptionId: ids[0], status: 'cancelled' },
        { paypalSubscriptionId: ids[1], status: 'active' },
      ]);
    } finally {
      billing.sim.holdWebhooks(false);
    }
  });

  it('the database itself refuses a second active subscription for one user', async () => {
    const userId = newUser();
    const db = billing.app.get(DataSource);
    const insert = (id: string) =>
      db.query(
        `INSERT INTO "user_subscriptions" ("userId", "planId", "paypalSubscriptionId", "status") VALUES ($1, 'hobby-monthly', $2, 'active')`,
        [userId, id],
      );
    await insert('I-CONSTRAINT1');
    await expect(insert('I-CONSTRAINT2')).rejects.toThrow(/unique/i);
  });
  it('a stale approval link, used after the member subscribed with a newer one, is cancelled at PayPal', async () => {
    const userId = newUser();
    const stale = await create(userId, 'enterprise-monthly');
    // Past PayPal's approval window on billing's clock: the old link is no longer offered, a new one is made.
    billing.clock.advance(4 * 3600 * 1000);
    const fresh = await create(userId, 'enterprise-monthly');
    expect(fresh.paypalSubscriptionId).not.toBe(stale.paypalSubscriptionId);
    await billing.decide(fresh.approvalUrl, 'approve');
    expect((await confirm(userId, fresh.paypalSubscriptionId)).status).toBe(200);
    await billing.decide(stale.approvalUrl, 'approve');
    await billing.sim.webhooksSettled();
    expect((await billing.paypalSubscription(stale.paypalSubscriptionId)).status).toBe('CANCELLED');
    expect(await rowsOf(userId)).toEqual([
      { paypalSubscriptionId: stale.paypalSubscriptionId, status: 'cancelled' },
      { paypalSubscriptionId: fresh.paypalSubscriptionId, status: 'active' },
    ]);
    expect((await confirm(userId, stale.paypalSubscriptionId)).body).toMatchObject({ code: 'SUBSCRIPTION_EXISTS' });
  });
});
