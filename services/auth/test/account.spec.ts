import { AuthStatus, AuthUser } from '@pixtract/contracts';
import { CookieJar } from '@pixtract/testing';
import * as argon2 from 'argon2';
import { AuthHarness, startAuth } from './auth-harness';

// The real argon2, its verify() recorded: which hash a login verified against, and how often.
jest.mock('argon2', () => {
  const real = jest.requireActual<typeof import('argon2')>('argon2');
  return { ...real, verify: jest.fn(real.verify) };
});
const verifications = argon2.verify as jest.MockedFunction<typeof argon2.verify>;

describe('accounts and sessions (real Postgres and Redis)', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await startAuth('auth_accounts');
  });
  afterAll(() => auth.close());

  it('registers, logs in, reports status and logs out with cookies', async () => {
    const browser = new CookieJar(auth.base);
    const registered = await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'ada', password: 'correct horse battery', email: 'ada@example.com', displayName: 'Ada' },
    });
    expect(registered.status).toBe(201);
    expect(await registered.json()).toMatchObject({
      username: 'ada',
      email: 'ada@example.com',
      displayName: 'Ada',
      role: 'registered',
      dailyLimit: 1500,
    });
    expect(browser.get('pixtract.sid')).toBeUndefined();

    expect(await (await browser.fetch('/api/auth/status')).json()).toEqual({
      isAuthenticated: false,
      user: null,
      googleSignIn: false,
      googleTestSignIn: false,
    });

    const login = await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'ada', password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith('pixtract.sid='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);

    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status.isAuthenticated).toBe(true);
    expect(status.user).toMatchObject({
      username: 'ada',
      role: 'registered',
      usageStats: { remainingToday: 1500, percentUsed: 0, isAtLimit: false, isNearLimit: false },
    });
    expect(JSON.stringify(status)).not.toMatch(/argon2|password/);

    const logout = await browser.fetch('/api/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(200);
    expect(await (await browser.fetch('/api/auth/status')).json()).toEqual({
      isAuthenticated: false,
      user: null,
      googleSignIn: false,
      googleTestSignIn: false,
    });
  });

  it('gives a new session id on login and destroys the old one on logout', async () => {
    await new CookieJar(auth.base).fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'fixation', password: 'long enough pass' },
    });
    const attacker = new CookieJar(auth.base);
    await attacker.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'fixation', password: 'long enough pass' },
    });
    const first = attacker.get('pixtract.sid');
    await attacker.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'fixation', password: 'long enough pass' },
    });
    const second = attacker.get('pixtract.sid');
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    // The old id no longer signs anyone in.
    const stale = await fetch(`${auth.base}/api/auth/status`, { headers: { cookie: `pixtract.sid=${first}` } });
    expect(((await stale.json()) as AuthStatus).isAuthenticated).toBe(false);

    const session = attacker.get('pixtract.sid');
    await attacker.fetch('/api/auth/logout', { method: 'POST' });
    const afterLogout = await fetch(`${auth.base}/api/auth/status`, { headers: { cookie: `pixtract.sid=${session}` } });
    expect(((await afterLogout.json()) as AuthStatus).isAuthenticated).toBe(false);
  });

  it('creates no session for anonymous requests', async () => {
    const res = await fetch(`${auth.base}/api/auth/status`);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('answers a duplicate username with 409 and a clear message', async () => {
    const browser = new CookieJar(auth.base);
    await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'twin', password: 'long enough pass' },
    });
    const res = await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'twin', password: 'another long pass' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      statusCode: 409,
      code: 'USERNAME_TAKEN',
      message: 'That username is already taken. Please choose another one.',
    });
  });

  it.each([
    [{ username: 'weak', password: 'short' }, { password: 'password must be at least 8 characters' }],
    [{ username: 'nopass' }, { password: 'password is required' }],
    [
      { username: 'x'.repeat(300), password: 'long enough pass' },
      { username: 'username must be at most 254 characters' },
    ],
    [{ username: 42, password: 'long enough pass' }, { username: 'username must be a string' }],
    [
      { username: 'mail', password: 'long enough pass', email: 'not-an-email' },
      { email: 'email must be a valid email address' },
    ],
  ])('refuses a bad registration with 400 and field messages (%j)', async (body, fields) => {
    const res = await fetch(`${auth.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields });
  });

  it('answers a wrong password and an unknown user alike, with the seed words', async () => {
    await new CookieJar(auth.base).fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'grace', password: 'right password' },
    });
    const attempt = async (username: string) => {
      verifications.mockClear();
      const res = await fetch(`${auth.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'wrong password' }),
      });
      return { status: res.status, body: await res.json(), hashes: verifications.mock.calls.map(([hash]) => hash) };
    };
    const wrong = await attempt('grace');
    const unknown = await attempt('nobody-by-that-name');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Username or password incorrect',
    });
    expect(unknown.body).toEqual(wrong.body);
    // Both paths run one Argon2id verification with the same cost (the unknown name against a decoy hash), so
    // neither answers in a fraction of the other's time. Counted, not timed: one timing sample on a busy machine says nothing.
    const sameCost = expect.stringMatching(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(wrong.hashes).toEqual([sameCost]);
    expect(unknown.hashes).toEqual([sameCost]);
  });

  it('presents a user without secrets', async () => {
    const browser = new CookieJar(auth.base);
    const res = await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'private', password: 'long enough pass' },
    });
    const user = (await res.json()) as AuthUser;
    expect(Object.keys(user)).not.toContain('password');
    expect(Object.keys(user)).not.toContain('paypalCustomerId');
  });
});
