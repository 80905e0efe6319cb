import { AuthStatus, Caller, QuotaReservation } from '@pixtract/contracts';
import { AS_GATEWAY, CookieJar } from '@pixtract/testing';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { QuotaLedger } from '../src/quota/quota-ledger.service';
import { AuthHarness, startAuth } from './auth-harness';

describe('quota ledger (real Postgres, injected clock)', () => {
  let auth: AuthHarness;
  let ledger: QuotaLedger;
  let now = new Date('2026-03-31T23:59:00Z');

  beforeAll(async () => {
    auth = await startAuth(
      'auth_quota',
      { PIXTRACT_QUOTA_FREE_DAILY: '10', PIXTRACT_QUOTA_FREE_PER_EXTRACTION: '3' },
      () => now,
    );
    ledger = auth.app.get(QuotaLedger);
  });
  afterAll(() => auth.close());

  const reserve = (subject: string, found: number, extractionId = randomUUID(), addressSubject?: string | null) =>
    fetch(`${auth.base}/internal/quota/reservations`, {
      method: 'POST',
      headers: { ...AS_GATEWAY, 'content-type': 'application/json' },
      body: JSON.stringify({ extractionId, subject, addressSubject, found }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as QuotaReservation }));

  it('grants exactly the day when 50 reservations race for a limit of 10', async () => {
    now = new Date('2026-05-05T10:00:00Z');
    const results = await Promise.all(Array.from({ length: 50 }, () => reserve('visitor:race-aaaaaaaaaaaaaaaaaa', 1)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.reduce((sum, result) => sum + result.body.granted, 0)).toBe(10);
    expect(results.filter((result) => result.body.granted === 1)).toHaveLength(10);
    expect(await ledger.usedOn('visitor:race-aaaaaaaaaaaaaaaaaa', '2026-05-05')).toBe(10);
    const last = results.find((result) => result.body.granted === 0)?.body.limits;
    expect(last).toMatchObject({
      total: 10,
      used: 10,
      remaining: 0,
      role: 'free',
      limitApplied: true,
      totalImagesFound: 1,
    });
  });

  it('applies granted = min(found, remaining, per-extraction cap)', async () => {
    now = new Date('2026-05-06T10:00:00Z');
    const subject = 'ip:198.51.100.7';
    expect((await reserve(subject, 30)).body).toEqual({
      granted: 3,
      limits: { total: 10, used: 3, remaining: 7, role: 'free', limitApplied: true, totalImagesFound: 30 },
    });
    expect((await reserve(subject, 2)).body.granted).toBe(2);
    await reserve(subject, 3);
    expect((await reserve(subject, 3)).body).toEqual({
      granted: 2,
      limits: { total: 10, used: 10, remaining: 0, role: 'free', limitApplied: true, totalImagesFound: 3 },
    });
  });

  it('charges an extraction finalised twice, also concurrently, once', async () => {
    now = new Date('2026-05-07T10:00:00Z');
    const subject = 'visitor:twice-aaaaaaaaaaaaaaaaa';
    const extractionId = randomUUID();
    const first = await reserve(subject, 2, extractionId);
    const again = await reserve(subject, 2, extractionId);
    expect(again.body).toEqual(first.body);

    const concurrent = randomUUID();
    const racing = await Promise.all(Array.from({ length: 10 }, () => reserve(subject, 3, concurrent)));
    expect(racing.every((result) => result.status === 200 && result.body.granted === 3)).toBe(true);
    expect(await ledger.usedOn(subject, '2026-05-07')).toBe(5);
    const events = await auth.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM usage_events WHERE subject = $1`, [subject]);
    expect(events[0].n).toBe(2);
  });

  it('starts a new day at midnight UTC with no rollover', async () => {
    const subject = 'visitor:midnight-aaaaaaaaaaaaaa';
    now = new Date('2026-06-01T23:59:59.999Z');
    await reserve(subject, 3);
    await reserve(subject, 3);
    await reserve(subject, 3);
    expect((await reserve(subject, 3)).body.granted).toBe(1);
    expect((await reserve(subject, 3)).body.granted).toBe(0);
    now = new Date('2026-06-02T00:00:00.000Z');
    expect((await reserve(subject, 3)).body).toMatchObject({ granted: 3, limits: { used: 3, remaining: 7 } });
  });

  it("sums a user's images per calendar quarter, q1 ending on 31 March", async () => {
    const browser = new CookieJar(auth.base);
    await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'quarters', password: 'long enough pass' },
    });
    await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'quarters', password: 'long enough pass' },
    });
    const { userId } = (await (
      await browser.fetch('/internal/callers', { method: 'POST', headers: AS_GATEWAY })
    ).json()) as Caller;
    now = new Date('2026-03-31T23:59:59Z');
    await reserve(`user:${userId}`, 7);
    now = new Date('2026-04-01T00:00:01Z');
    await reserve(`user:${userId}`, 4);
    const profile = await (await browser.fetch('/api/user/profile')).json();
    expect(profile).toMatchObject({
      username: 'quarters',
      role: 'registered',
      currentUsage: 4,
      dailyLimit: 1500,
      totalExtractionsAllTime: 2,
      totalImagesExtracted: 11,
      quarterlyStats: {
        q1: { used: 7, total: 1500 * 90 },
        q2: { used: 4, total: 1500 * 91 },
        q3: { used: 0, total: 1500 * 92 },
        q4: { used: 0, total: 1500 * 92 },
        currentQuarter: 2,
      },
    });
  });

  /** The caller as the gateway asks for it: the browser's cookies and the client address it determined. */
  const callerFrom = async (browser: CookieJar, address = '203.0.113.10') =>
    (await (
      await browser.fetch('/internal/callers', {
        method: 'POST',
        headers: { ...AS_GATEWAY, 'x-forwarded-for': address },
      })
    ).json()) as Caller;
  const charge = (caller: Caller, found: number) => reserve(caller.subject, found, randomUUID(), caller.addressSubject);

  it("keeps the visitor's usage of the day when they sign in, and after they sign out", async () => {
    now = new Date('2026-07-01T12:00:00Z');
    const browser = new CookieJar(auth.base);
    const visitor = await callerFrom(browser, '203.0.113.20');
    expect(visitor).toMatchObject({
      subject: expect.stringMatching(/^visitor:/),
      userId: null,
      addressSubject: 'ip:203.0.113.20',
    });
    expect(visitor.visitorSubject).toBe(visitor.subject);
    expect((await callerFrom(browser, '203.0.113.20')).subject).toBe(visitor.subject);
    await charge(visitor, 3);
    await charge(visitor, 3);

    await new CookieJar(auth.base).fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'carried', password: 'long enough pass' },
    });
    await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'carried', password: 'long enough pass' },
    });
    const member = await callerFrom(browser, '203.0.113.20');
    expect(member).toMatchObject({
      subject: `user:${member.userId}`,
      addressSubject: null,
      visitorSubject: visitor.subject,
    });
    expect(member.limits).toEqual({ total: 1500, used: 6, remaining: 1494, role: 'registered' });
    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status.user?.usageStats.remainingToday).toBe(1494);

    // Logging in again does not add it twice; logging out does not reset the visitor.
    await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'carried', password: 'long enough pass' },
    });
    expect((await callerFrom(browser, '203.0.113.20')).limits.used).toBe(6);
    await browser.fetch('/api/auth/logout', { method: 'POST' });
    expect((await callerFrom(browser, '203.0.113.20')).limits).toMatchObject({ used: 6, remaining: 4, role: 'free' });
  });

  it('charges a visitor and their address together: a dropped cookie is no fresh day (audit row 2)', async () => {
    now = new Date('2026-08-03T09:00:00Z');
    const browser = new CookieJar(auth.base);
    const first = await callerFrom(browser, '198.51.100.30');
    for (let i = 0; i < 4; i++) await charge(first, 3);
    expect((await callerFrom(browser, '198.51.100.30')).limits).toMatchObject({ used: 10, remaining: 0 });

    // The same address without the cookie, and with a forged one: a new visitor, at the address's remainder.
    for (const cookie of [undefined, 'pixtract.visitor=s%3Aaaaaaaaaaaaaaaaaaaaaaa.forged']) {
      const res = await fetch(`${auth.base}/internal/callers`, {
        method: 'POST',
        headers: { ...AS_GATEWAY, 'x-forwarded-for': '198.51.100.30', ...(cookie ? { cookie } : {}) },
      });
      const fresh = (await res.json()) as Caller;
      expect(fresh.subject).not.toBe(first.subject);
      expect(fresh.limits).toMatchObject({ total: 10, used: 10, remaining: 0 });
      expect((await charge(fresh, 3)).body.granted).toBe(0);
    }
    // Its own visitor cookie at another address: still the visitor's day.
    expect((await callerFrom(browser, '192.0.2.40')).limits).toMatchObject({ used: 10, remaining: 0 });
    expect(await ledger.usedOn('ip:198.51.100.30', '2026-08-03')).toBe(10);
  });

  it('grants what the smaller of the two remainders allows', async () => {
    now = new Date('2026-08-04T09:00:00Z');
    const one = await callerFrom(new CookieJar(auth.base), '198.51.100.31');
    await charge(one, 3);
    await charge(one, 3);
    const other = await callerFrom(new CookieJar(auth.base), '198.51.100.31');
    expect(other.limits).toMatchObject({ used: 6, remaining: 4 });
    expect((await charge(other, 3)).body).toEqual({
      granted: 3,
      limits: { total: 10, used: 9, remaining: 1, role: 'free', limitApplied: false, totalImagesFound: 3 },
    });
    expect((await charge(other, 3)).body.granted).toBe(1);
    expect(await ledger.usedOn(other.subject, '2026-08-04')).toBe(4);
    expect(await ledger.usedOn('ip:198.51.100.31', '2026-08-04')).toBe(10);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4', async () => {
    now = new Date('2026-08-05T09:00:00Z');
    const a = await callerFrom(new CookieJar(auth.base), '2001:db8:5:6:aaaa::1');
    const b = await callerFrom(new CookieJar(auth.base), '2001:db8:5:6:ffff:1:2:3');
    expect(a.addressSubject).toBe('ip:2001:db8:5:6::/64');
    expect(b.addressSubject).toBe(a.addressSubject);
    expect((await callerFrom(new CookieJar(auth.base), '2001:db8:5:7::1')).addressSubject).toBe('ip:2001:db8:5:7::/64');
    expect((await callerFrom(new CookieJar(auth.base), '::ffff:198.51.100.9')).addressSubject).toBe('ip:198.51.100.9');
  });

  it('charges an extraction finalised twice, also concurrently, once on both counters', async () => {
    now = new Date('2026-08-06T09:00:00Z');
    const visitor = await callerFrom(new CookieJar(auth.base), '198.51.100.32');
    const extractionId = randomUUID();
    const racing = await Promise.all(
      Array.from({ length: 8 }, () => reserve(visitor.subject, 3, extractionId, visitor.addressSubject)),
    );
    expect(racing.every((result) => result.status === 200 && result.body.granted === 3)).toBe(true);
    expect(await ledger.usedOn(visitor.subject, '2026-08-06')).toBe(3);
    expect(await ledger.usedOn('ip:198.51.100.32', '2026-08-06')).toBe(3);
  });

  it('refuses a reservation outside the contract', async () => {
    const res = await fetch(`${auth.base}/internal/quota/reservations`, {
      method: 'POST',
      headers: { ...AS_GATEWAY, 'content-type': 'application/json' },
      body: JSON.stringify({ extractionId: 'x', subject: 'root', found: -1 }),
    });
    expect(res.status).toBe(400);
  });
});
