import { AuthStatus } from '@pixtract/contracts';
import { CookieJar, freePort } from '@pixtract/testing';
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { AuthHarness, startAuth } from './auth-harness';

/** The Google sign-in simulator npm start runs (its own process: oidc-provider is ESM-only). */
const SIMULATOR_ENTRY = join(__dirname, '../../../simulators/google/src/main.mjs');
const CLIENT = { id: 'pixtract-test.apps.googleusercontent.com', secret: 'pixtract-test-secret' };

function startSimulator(port: number, redirectUri: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SIMULATOR_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_SIMULATOR_REDIRECT_URIS: redirectUri,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the Google sign-in simulator exited with ${code}`)));
  });
}

/**
 * Plays the person at the simulator: follows its redirects to the account chooser, signs in there as `email` (or
 * presses Cancel for `cancel`) under `name` (their Google profile's), and returns the redirect back to us.
 */
async function signInAtSimulator(
  simulator: CookieJar,
  simulatorBase: string,
  authorizationUrl: string,
  email: string,
  name = `Test ${email.split('@')[0]}`,
): Promise<URL> {
  let next = new URL(authorizationUrl);
  for (let step = 0; step < 12; step += 1) {
    if (next.origin !== simulatorBase) return next;
    const res = await simulator.fetch(next.pathname + next.search);
    const location = res.headers.get('location');
    if (location) {
      next = new URL(location, simulatorBase);
      continue;
    }
    const html = await res.text();
    expect(html).toContain('Simulator – test sign-in, not Google');
    const path = /<form id="sign-in" method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!path) throw new Error(`unexpected simulator page: ${html.slice(0, 200)}`);
    const posted = await simulator.fetch(email === 'cancel' ? `${path}/cancel` : path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, name }).toString(),
    });
    next = new URL(posted.headers.get('location')!, simulatorBase);
  }
  throw new Error('the simulator never redirected back');
}

describe('Google sign-in (OpenID Connect, state + PKCE) against the Google sign-in simulator', () => {
  let auth: AuthHarness;
  let simulator: ChildProcess;
  let simulatorBase: string;

  beforeAll(async () => {
    const [authPort, simulatorPort] = [await freePort(), await freePort()];
    simulatorBase = `http://127.0.0.1:${simulatorPort}`;
    simulator = await startSimulator(simulatorPort, `http://127.0.0.1:${authPort}/api/auth/google/callback`);
    auth = await startAuth('auth_google', {
      PORT: String(authPort),
      PUBLIC_URL: `http://127.0.0.1:${authPort}`,
      GOOGLE_ISSUER: simulatorBase,
      GOOGLE_CLIENT_ID: CLIENT.id,
      GOOGLE_CLIENT_SECRET: CLIENT.secret,
      GOOGLE_TEST_SIGN_IN: '1',
    });
  }, 20_000);
  afterAll(async () => {
    await auth.close();
    simulator.kill();
  });

  /** Starts a sign-in in `browser` and comes back from the simulator (signed in as `email`, or `cancel`) with the callback URL. */
  async function callbackFor(browser: CookieJar, email: string, name?: string): Promise<URL> {
    const start = await browser.fetch('/api/auth/google');
    expect(start.status).toBe(302);
    const authorizationUrl = new URL(start.headers.get('location')!);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
    return signInAtSimulator(new CookieJar(simulatorBase), simulatorBase, authorizationUrl.toString(), email, name);
  }

  it('signs up a new user by verified email, with a new session, and sends them home', async () => {
    const browser = new CookieJar(auth.base);
    const callback = await callbackFor(browser, 'alice@example.com');
    expect(callback.pathname).toBe('/api/auth/google/callback');
    const done = await browser.fetch(callback.pathname + callback.search);
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/');
    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status).toMatchObject({
      isAuthenticated: true,
      user: {
        username: 'alice@example.com',
        email: 'alice@example.com',
        displayName: 'Test alice',
        role: 'registered',
      },
    });
  });

  it.each([
    ['reads as the team', 'Ａdmin', 'team'],
    ['hides a bidi override and a zero-width space (shown as "admin")', '\u202Enimda\u200B', 'hidden'],
    ['is blank to the eye', '\u3164\u2800', 'blank'],
  ])('does not show a Google name that %s: the account goes by its username', async (_label, name, who) => {
    const browser = new CookieJar(auth.base);
    const callback = await callbackFor(browser, `${who}@example.com`, name);
    expect((await browser.fetch(callback.pathname + callback.search)).status).toBe(302);
    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status.user).toMatchObject({ username: `${who}@example.com`, displayName: null });
  });

  it('links Google to the signed-in account, which then signs in with Google alone', async () => {
    const browser = new CookieJar(auth.base);
    const registered = await browser.fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'bob', password: 'long enough pass', email: 'bob@example.com' },
    });
    const { id } = (await registered.json()) as { id: number };
    await browser.fetch('/api/auth/login', { method: 'POST', json: { username: 'bob', password: 'long enough pass' } });
    const link = await callbackFor(browser, 'bob@example.com');
    await browser.fetch(link.pathname + link.search);
    await browser.fetch('/api/auth/logout', { method: 'POST' });

    const again = await callbackFor(browser, 'bob@example.com');
    await browser.fetch(again.pathname + again.search);
    const status = (await (await browser.fetch('/api/auth/status')).json()) as AuthStatus;
    expect(status.user).toMatchObject({ id, username: 'bob' });
  });

  it('never hands a password account to whoever signs in with Google under its (unverified) email', async () => {
    await new CookieJar(auth.base).fetch('/api/auth/register', {
      method: 'POST',
      json: { username: 'squatter', password: 'long enough pass', email: 'erin@example.com' },
    });
    const browser = new CookieJar(auth.base);
    const callback = await callbackFor(browser, 'erin@example.com');
    const res = await browser.fetch(callback.pathname + callback.search);
    expectBackToSignIn(res, 'GOOGLE_SIGN_IN_FAILED');
    expect(((await (await browser.fetch('/api/auth/status')).json()) as AuthStatus).isAuthenticated).toBe(false);
  });

  it('refuses a replayed callback', async () => {
    const browser = new CookieJar(auth.base);
    const callback = await callbackFor(browser, 'carol@example.com');
    const stateCookie = `pixtract.oidc=${browser.get('pixtract.oidc')}`;
    expect((await browser.fetch(callback.pathname + callback.search)).status).toBe(302);
    const replay = await fetch(auth.base + callback.pathname + callback.search, {
      headers: { cookie: stateCookie },
      redirect: 'manual',
    });
    expectBackToSignIn(replay, 'GOOGLE_SIGN_IN_FAILED');
  });

  it('refuses a missing, altered or foreign state, and signs no one in', async () => {
    const victim = new CookieJar(auth.base);
    const callback = await callbackFor(victim, 'dave@example.com');
    const attacker = new CookieJar(auth.base);
    await attacker.fetch('/api/auth/google');

    const withoutState = new URL(callback);
    withoutState.searchParams.delete('state');
    const altered = new URL(callback);
    altered.searchParams.set('state', 'forged-state');
    // Each request carries its browser's state cookie as it was: a refused callback clears the cookie in a jar, and
    // the altered state must be refused against the victim's real cookie, not for a cookie already gone.
    expect(victim.get('pixtract.oidc')).toBeDefined();
    expect(attacker.get('pixtract.oidc')).toBeDefined();
    const victimState = `pixtract.oidc=${victim.get('pixtract.oidc')}`;
    const attackerState = `pixtract.oidc=${attacker.get('pixtract.oidc')}`;
    for (const [cookie, url] of [
      [victimState, withoutState],
      [victimState, altered],
      [attackerState, callback],
    ] as const) {
      const res = await fetch(auth.base + url.pathname + url.search, { headers: { cookie }, redirect: 'manual' });
      expectBackToSignIn(res, 'GOOGLE_SIGN_IN_FAILED');
      expect(res.headers.getSetCookie().some((line) => line.startsWith('pixtract.sid='))).toBe(false);
    }
    expect(((await (await attacker.fetch('/api/auth/status')).json()) as AuthStatus).isAuthenticated).toBe(false);
  });

  it('leads back to the sign-in page when the person cancels at the simulator', async () => {
    const browser = new CookieJar(auth.base);
    const callback = await callbackFor(browser, 'cancel');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expectBackToSignIn(await browser.fetch(callback.pathname + callback.search), 'GOOGLE_SIGN_IN_FAILED');
  });

  it('says in the auth status that it is offered, and that it is a test sign-in', async () => {
    const status = (await (await fetch(`${auth.base}/api/auth/status`)).json()) as AuthStatus;
    expect(status).toMatchObject({ googleSignIn: true, googleTestSignIn: true });
  });

  it('is not offered when no Google client is configured: its links lead back to the sign-in page with a message code', async () => {
    const plain = await startAuth('auth_google_off');
    try {
      const status = (await (await fetch(`${plain.base}/api/auth/status`)).json()) as AuthStatus;
      expect(status).toMatchObject({ googleSignIn: false, googleTestSignIn: false });
      for (const path of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y']) {
        expectBackToSignIn(await fetch(plain.base + path, { redirect: 'manual' }), 'GOOGLE_SIGN_IN_UNAVAILABLE');
      }
    } finally {
      await plain.close();
    }
  });
});

/** A browser sent back to /auth, where the page words `code` in the visitor's language: never a JSON body. */
function expectBackToSignIn(res: Response, code: string): void {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(`/auth?error=${code}`);
}
