import { QueueName } from '@pixtract/contracts';
import { CookieJar } from '@pixtract/testing';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { GatewayHarness, startGateway } from '../support/gateway-harness';
import { miniatureWebDist } from '../support/web-dist.fixture';

const ADMIN = 'queue-admin';
// The copy of Bull Board's UI the gateway serves: resolved from the gateway's own package.
const GATEWAY = dirname(require.resolve('@pixtract/gateway/package.json'));
const UI_DIST = join(dirname(require.resolve('@bull-board/ui/package.json', { paths: [GATEWAY] })), 'dist');
const mainScript = readdirSync(join(UI_DIST, 'static', 'js')).find((name) => /^main\..+\.js$/.test(name))!;

/** One of each kind of path the board serves: its page, a client-side route, static files, its JSON API. */
const BOARD_PATHS: Array<{ kind: string; method: string; path: string }> = [
  { kind: 'page', method: 'GET', path: '/admin/queues' },
  { kind: 'client route', method: 'GET', path: '/admin/queues/queue/extraction' },
  { kind: 'script', method: 'GET', path: `/admin/queues/static/js/${mainScript}` },
  { kind: 'image', method: 'GET', path: '/admin/queues/static/images/logo.svg' },
  { kind: 'API read', method: 'GET', path: '/admin/queues/api/queues?activeQueue=extraction&status=latest&page=1' },
  { kind: 'API action', method: 'PUT', path: '/admin/queues/api/queues/extraction/pause' },
];

describe('queue dashboard at /admin/queues (real gateway, auth, Redis)', () => {
  let gateway: GatewayHarness;
  let webDist: string;
  let member: CookieJar;
  let admin: CookieJar;
  const visitor = () => new CookieJar(gateway.base);

  async function signedIn(username: string): Promise<CookieJar> {
    const browser = visitor();
    await browser.fetch('/api/auth/register', { method: 'POST', json: { username, password: 'long enough pass' } });
    expect(
      (await browser.fetch('/api/auth/login', { method: 'POST', json: { username, password: 'long enough pass' } }))
        .status,
    ).toBe(200);
    return browser;
  }

  beforeAll(async () => {
    // With the web app served, /admin/queues must still be the board's, not the SPA's index.html.
    webDist = miniatureWebDist();
    gateway = await startGateway('gateway_queue_dashboard', { ADMIN_USERNAMES: ADMIN, WEB_DIST: webDist });
    member = await signedIn('queue-member');
    admin = await signedIn(ADMIN);
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it.each(BOARD_PATHS)('refuses a signed-out visitor with 401 on its $kind', async ({ method, path }) => {
    const res = await visitor().fetch(path, { method, headers: { accept: 'text/html,*/*' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      statusCode: 401,
      code: 'AUTHENTICATION_REQUIRED',
      message: 'Please log in or create an account.',
    });
  });

  it.each(BOARD_PATHS)(
    'refuses a signed-in user who is no administrator with 403 on its $kind',
    async ({ method, path }) => {
      const res = await member.fetch(path, { method, headers: { accept: 'text/html,*/*' } });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        statusCode: 403,
        code: 'ADMIN_ONLY',
        message: 'Only administrators can open this page.',
      });
    },
  );

  it('shows an administrator the board: its page, its files and every queue of the contracts', async () => {
    const page = await admin.fetch('/admin/queues', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<base href="/admin/queues/"');
    expect(html).toContain('Pixtract queues');

    const script = await admin.fetch(`/admin/queues/static/js/${mainScript}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');

    const api = await admin.fetch('/admin/queues/api/queues?activeQueue=extraction&status=latest&page=1');
    expect(api.status).toBe(200);
    const { queues } = (await api.json()) as { queues: Array<{ name: string }> };
    expect(queues.map((queue) => queue.name).sort()).toEqual(Object.values(QueueName).sort());

    const pause = await admin.fetch('/admin/queues/api/queues/extraction/pause', { method: 'PUT' });
    expect(pause.status).toBe(200);
    const resume = await admin.fetch('/admin/queues/api/queues/extraction/resume', { method: 'PUT' });
    expect(resume.status).toBe(200);
  });

  it('leaves the web app its own admin pages', async () => {
    const res = await visitor().fetch('/admin', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});
