import { AuthStatus } from '@pixtract/contracts';
import { CookieJar, createTestDatabase } from '@pixtract/testing';
import { DataSource } from 'typeorm';
import { CreateUsers1763740100000 } from '../src/migrations/1763740100000-create-users';
import { CreateQuotaLedger1763740200000 } from '../src/migrations/1763740200000-create-quota-ledger';
import { AuthHarness, startAuth } from './auth-harness';

// Each sign-in runs Argon2id: on a loaded machine a handful of them take longer than jest's 5 s default.
jest.setTimeout(30_000);

describe('one account per username and per email address (audit row 10)', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await startAuth('auth_usernames', { ADMIN_USERNAMES: 'root' });
  });
  afterAll(() => auth.close());

  const register = (body: Record<string, unknown>) =>
    fetch(`${auth.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'long enough pass', ...body }),
    });
  const login = (username: string, password = 'long enough pass') =>
    new CookieJar(auth.base).fetch('/api/auth/login', { method: 'POST', json: { username, password } });

  it.each([
    ['letter case', 'Alice', 'alice'],
    ['fullwidth letters', 'Bob', 'Ｂｏｂ'],
    ['extra spaces', 'Ada Lovelace', '  ada   lovelace '],
    ['sharp s', 'Strasse', 'STRAßE'],
  ])('refuses a second account whose name differs by %s', async (_label, first, second) => {
    expect((await register({ username: first })).status).toBe(201);
    const again = await register({ username: second });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      statusCode: 409,
      code: 'USERNAME_TAKEN',
      message: 'That username is already taken. Please choose another one.',
    });
  });

  it.each([
    ['a zero-width space', 'car\u200bol'],
    ['a bidi override', '\u202eloral'],
    ['a control character', 'car\u0007ol'],
  ])('refuses a name with %s in it with 400', async (_label, username) => {
    const res = await register({ username });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { username: 'username must not contain control or invisible characters' },
    });
  });

  it('refuses a name with a NUL in it with 400 before it reaches Postgres (audit row 4)', async () => {
    const res = await register({ username: 'car\u0000ol' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'NUL_CHARACTER' });
  });

  it('refuses a second account for an email address, whatever its letter case', async () => {
    expect((await register({ username: 'dora', email: 'Dora@Example.com' })).status).toBe(201);
    const again = await register({ username: 'dora2', email: 'dora@example.COM' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      statusCode: 409,
      code: 'EMAIL_TAKEN',
      message: 'An account with that email address already exists. Sign in instead, or use another address.',
    });
  });

  it("refuses someone else's email address as a username", async () => {
    expect((await register({ username: 'erin', email: 'erin@example.com' })).status).toBe(201);
    expect((await register({ username: 'erin@example.com', email: 'mallory@example.com' })).status).toBe(400);
    expect((await register({ username: 'ERIN@example.com', email: 'erin@example.com' })).status).toBe(409);
  });

  it('signs in by username (any case or width) or by email address (audit row 13)', async () => {
    expect((await register({ username: 'Frank', email: 'frank@example.com' })).status).toBe(201);
    for (const name of ['Frank', 'frank', 'ＦＲＡＮＫ', ' frank ', 'frank@example.com', 'FRANK@EXAMPLE.COM']) {
      const res = await login(name);
      expect([name, res.status]).toEqual([name, 200]);
      expect(await res.json()).toMatchObject({ username: 'Frank', email: 'frank@example.com' });
    }
    expect((await login('frank@example.com', 'wrong password')).status).toBe(401);
  });

  it('answers a NUL in the sign-in name with 400, not 500 (audit row 4)', async () => {
    const res = await login('a\u0000b', 'x');
    expect(res.status).toBe(400);
  });

  it('makes only the holder of a listed name an administrator', async () => {
    expect((await register({ username: 'Root' })).status).toBe(201);
    const browser = new CookieJar(auth.base);
    await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'ROOT', password: 'long enough pass' },
    });
    expect(((await (await browser.fetch('/api/auth/status')).json()) as AuthStatus).user?.role).toBe('admin');
  });
});

describe('the migration to unique keys, over accounts that already collide', () => {
  it('keeps every row; the oldest holds each key and the others still sign in by their exact name', async () => {
    const database = await createTestDatabase('auth_username_migration');
    const before = new DataSource({
      type: 'postgres',
      url: database.url,
      migrations: [CreateUsers1763740100000, CreateQuotaLedger1763740200000],
    });
    await before.initialize();
    await before.runMigrations();
    const rows: Array<[string, string | null]> = [
      ['alice', 'alice@example.com'],
      ['Alice', 'ALICE@example.com'],
      ['ali\u200bce', null],
      ['bob', 'alice@example.com'],
      ['carol', null],
    ];
    for (const [username, email] of rows)
      await before.query(`INSERT INTO users ("username", "email", "password") VALUES ($1, $2, NULL)`, [
        username,
        email,
      ]);
    await before.destroy();

    const auth = await startAuth('unused', { DATABASE_URL: database.url });
    try {
      const users: Array<{ username: string; usernameKey: string | null; emailKey: string | null }> = await auth.app
        .get(DataSource)
        .query(`SELECT "username", "usernameKey", "emailKey" FROM users ORDER BY id`);
      expect(users).toEqual([
        { username: 'alice', usernameKey: 'alice', emailKey: 'alice@example.com' },
        { username: 'Alice', usernameKey: null, emailKey: null },
        { username: 'ali\u200bce', usernameKey: null, emailKey: null },
        { username: 'bob', usernameKey: 'bob', emailKey: null },
        { username: 'carol', usernameKey: 'carol', emailKey: null },
      ]);
      const taken = await fetch(`${auth.base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ALICE', password: 'long enough pass' }),
      });
      expect(taken.status).toBe(409);
      await auth.app
        .get(DataSource)
        .query(`UPDATE users SET "password" = $1 WHERE "username" = 'Alice'`, [await hash('legacy password')]);
      const legacy = await fetch(`${auth.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'Alice', password: 'legacy password' }),
      });
      expect(legacy.status).toBe(200);
      expect(await legacy.json()).toMatchObject({ username: 'Alice' });
    } finally {
      await auth.app.close();
      await database.drop();
    }
  });
});

async function hash(password: string): Promise<string> {
  const { PasswordService } = await import('../src/user/password.service');
  return new PasswordService().hash(password);
}
