import type { Comment } from '@pixtract/contracts';
import { CookieJar } from '@pixtract/testing';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

const page = 'https://moderated.example/';

/** Every administrator's route: each must refuse anyone but an administrator before doing anything. */
const ADMIN_ROUTES: Array<{ method: string; path: string }> = [
  { method: 'GET', path: '/api/admin/comments' },
  { method: 'POST', path: '/api/admin/comments/1/approve' },
  { method: 'DELETE', path: '/api/admin/comments/1' },
];

describe('comment moderation by administrators named in ADMIN_USERNAMES (real auth, Postgres, Redis)', () => {
  let gateway: GatewayHarness;
  // Signed in once each: logins are rate-limited per address.
  let admin: CookieJar;
  let member: CookieJar;

  beforeAll(async () => {
    gateway = await startGateway('gateway_moderation', { ADMIN_USERNAMES: 'moderator' });
    admin = await signedIn('moderator');
    member = await signedIn('member');
  });
  afterAll(() => gateway.close());

  async function signedIn(username: string): Promise<CookieJar> {
    const jar = new CookieJar(gateway.base);
    await jar.fetch('/api/auth/register', { method: 'POST', json: { username, password: 'long enough pass' } });
    expect(
      (await jar.fetch('/api/auth/login', { method: 'POST', json: { username, password: 'long enough pass' } })).status,
    ).toBe(200);
    return jar;
  }

  const visitorComment = async (content: string): Promise<Comment> => {
    const res = await new CookieJar(gateway.base).fetch('/api/comments', {
      method: 'POST',
      json: { content, sourceUrl: page, username: 'Visitor' },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Comment;
  };
  const publicList = async () =>
    (await (await fetch(`${gateway.base}/api/comments?url=${encodeURIComponent(page)}`)).json()) as Comment[];

  it.each(ADMIN_ROUTES)(
    '$method $path answers 401 signed out and 403 to a registered user, changing nothing',
    async ({ method, path }) => {
      const held = await visitorComment(`untouched by ${method}`);
      const route = path.replace('/1', `/${held.id}`);

      const signedOut = await fetch(gateway.base + route, { method });
      expect(signedOut.status).toBe(401);
      expect(await signedOut.json()).toEqual({
        statusCode: 401,
        code: 'AUTHENTICATION_REQUIRED',
        message: 'Please log in or create an account.',
      });

      const refused = await member.fetch(route, { method });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        statusCode: 403,
        code: 'ADMIN_ONLY',
        message: 'Only administrators can open this page.',
      });

      const pending = (await (await admin.fetch('/api/admin/comments')).json()) as Comment[];
      expect(pending).toContainEqual(held);
    },
  );

  it('lists the comments that wait, oldest first; approving one shows it to everyone, deleting one removes it', async () => {
    const first = await visitorComment('first to wait');
    const second = await visitorComment('second to wait');
    const queue = (await (await admin.fetch('/api/admin/comments')).json()) as Comment[];
    expect(queue.map((comment) => comment.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(queue.findIndex((comment) => comment.id === first.id)).toBeLessThan(
      queue.findIndex((comment) => comment.id === second.id),
    );
    expect(await publicList()).not.toContainEqual(expect.objectContaining({ id: first.id }));

    const approved = await admin.fetch(`/api/admin/comments/${first.id}/approve`, { method: 'POST' });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ ...first, approved: true });
    // Approving twice changes nothing.
    expect((await admin.fetch(`/api/admin/comments/${first.id}/approve`, { method: 'POST' })).status).toBe(200);
    expect(await publicList()).toContainEqual({ ...first, approved: true });

    const deleted = await admin.fetch(`/api/admin/comments/${second.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    const after = (await (await admin.fetch('/api/admin/comments')).json()) as Comment[];
    expect(after.map((comment) => comment.id)).not.toContain(second.id);
    expect(after.map((comment) => comment.id)).not.toContain(first.id);
  });

  it.each(['999999', '0', 'abc', '1.5', '-1', '99999999999'])('answers 404 NOT_FOUND for comment %s', async (id) => {
    for (const [method, path] of [
      ['POST', `/api/admin/comments/${id}/approve`],
      ['DELETE', `/api/admin/comments/${id}`],
    ]) {
      const res = await admin.fetch(path, { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it("refuses an administrator's cross-site request with 403 CROSS_SITE_REQUEST", async () => {
    const held = await visitorComment('forged approval');
    const res = await admin.fetch(`/api/admin/comments/${held.id}/approve`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expect(await publicList()).not.toContainEqual(expect.objectContaining({ id: held.id }));
  });
});
