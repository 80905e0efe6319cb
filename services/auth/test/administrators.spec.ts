import { AuthStatus, Caller } from '@pixtract/contracts';
import { AS_GATEWAY, CookieJar } from '@pixtract/testing';
import { AuthHarness, startAuth } from './auth-harness';

describe('administrators named by ADMIN_USERNAMES (real Postgres and Redis)', () => {
  let auth: AuthHarness;

  beforeAll(async () => {
    auth = await startAuth('auth_administrators', { ADMIN_USERNAMES: ' Moderator , other-admin' });
  });
  afterAll(() => auth.close());

  async function signedIn(username: string): Promise<CookieJar> {
    const browser = new CookieJar(auth.base);
    await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username, password: 'correct horse battery' },
    });
    const login = await browser.fetch('/api/auth/login', {
      method: 'POST',
      json: { username, password: 'correct horse battery' },
    });
    expect(login.status).toBe(200);
    return browser;
  }

  it('makes a listed account an admin (the list is read without regard to case), in its status and as a caller', async () => {
    const browser = await signedIn('moderator');
    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status.user?.role).toBe('admin');
    const caller = (await (
      await browser.fetch('/internal/callers', { method: 'POST', headers: AS_GATEWAY })
    ).json()) as Caller;
    expect(caller.limits.role).toBe('admin');
    expect(caller.userId).toBe(status.user?.id);
  });

  it('leaves every other account its own role', async () => {
    const browser = await signedIn('moderator2');
    const caller = (await (
      await browser.fetch('/internal/callers', { method: 'POST', headers: AS_GATEWAY })
    ).json()) as Caller;
    expect(caller.limits.role).toBe('registered');
  });
});
