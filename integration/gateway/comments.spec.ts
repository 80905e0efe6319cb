import type { Comment, ExtractJobResult } from '@pixtract/contracts';
import { CookieJar } from '@pixtract/testing';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

const page = 'https://gallery.example/photos';

describe('comments on a page (real auth, Postgres, Redis)', () => {
  let gateway: GatewayHarness;
  let addresses = 0;

  beforeAll(async () => {
    // Each test speaks from its own client address (believed from loopback), so the per-address limit of one does
    // not spill into another.
    gateway = await startGateway('gateway_comments', { TRUST_PROXY: 'loopback', PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1' });
  });
  afterAll(() => gateway.close());

  /** A browser of its own, at its own address. */
  function browser(): CookieJar & { address: string } {
    const address = `198.51.100.${++addresses}`;
    const jar = new CookieJar(gateway.base);
    const fetchFrom = jar.fetch.bind(jar);
    return Object.assign(jar, {
      address,
      fetch: (path: string, init: RequestInit & { json?: unknown } = {}) =>
        fetchFrom(path, { ...init, headers: { 'x-forwarded-for': address, ...init.headers } }),
    });
  }

  async function member(displayName?: string): Promise<ReturnType<typeof browser>> {
    const jar = browser();
    const username = `member-${addresses}@example.com`;
    expect(
      (
        await jar.fetch('/api/auth/register', {
          method: 'POST',
          json: { username, email: username, password: 'long enough pass', displayName },
        })
      ).status,
    ).toBe(201);
    expect(
      (await jar.fetch('/api/auth/login', { method: 'POST', json: { username, password: 'long enough pass' } })).status,
    ).toBe(200);
    return jar;
  }

  const post = (jar: CookieJar, json: unknown) => jar.fetch('/api/comments', { method: 'POST', json });
  const list = async (jar: CookieJar, url = page) =>
    (await (await jar.fetch(`/api/comments?url=${encodeURIComponent(url)}`)).json()) as Comment[];

  it("holds a visitor's comment for moderation: its author sees it marked pending, nobody else sees it", async () => {
    // A first-time visitor who posts before reading anything: known from then on by the visitor cookie the post gave them.
    const author = browser();
    const res = await post(author, {
      content: '  Lovely photos  ',
      rating: 4,
      sourceUrl: 'gallery.example/photos',
      username: ' Ada ',
    });
    expect(res.status).toBe(201);
    const comment = (await res.json()) as Comment;
    expect(comment).toMatchObject({
      userId: null,
      username: 'Ada',
      content: 'Lovely photos',
      rating: 4,
      sourceUrl: page,
      verified: false,
      approved: false,
    });

    expect(author.get('pixtract.visitor')).toBeDefined();
    expect(await list(author)).toEqual([comment]);
    expect(await list(browser())).toEqual([]);

    // One who read the comments first got their cookie with the list.
    const reader = browser();
    expect(await list(reader)).toEqual([]);
    expect(reader.get('pixtract.visitor')).toBeDefined();
    const held = (await (await post(reader, { content: 'Me too', sourceUrl: page, username: 'Bo' })).json()) as Comment;
    expect((await list(reader)).map((mine) => mine.id)).toEqual([held.id]);
  });

  it("shows a member's comment at once, named by their account (never a whole email address), verified once they extracted the page", async () => {
    const ada = await member('Ada Lovelace');
    const first = (await (
      await post(ada, { content: 'Before extracting', sourceUrl: page, username: 'Impostor' })
    ).json()) as Comment;
    expect(first).toMatchObject({ username: 'Ada Lovelace', rating: 5, approved: true, verified: false });
    expect(first.userId).toEqual(expect.any(Number));

    gateway.startWorker(async (job): Promise<ExtractJobResult> => ({
      files: [],
      sourceUrl: job.data.url,
      warnings: [],
      performanceInfo: { timeMs: 1, method: 'static' },
      totalImagesFound: 0,
    }));
    // The gateway's early URL check resolves the host: an address of this machine stands in for the gallery.
    const extracted = 'http://127.0.0.1:9/photos';
    expect((await ada.fetch('/api/extract-images', { method: 'POST', json: { url: extracted } })).status).toBe(200);
    const second = (await (await post(ada, { content: 'After extracting', sourceUrl: extracted })).json()) as Comment;
    expect(second).toMatchObject({ approved: true, verified: true });

    const noName = await member();
    const unnamed = (await (await post(noName, { content: 'No display name', sourceUrl: page })).json()) as Comment;
    expect(unnamed.username).toBe(`member-${addresses}`);
    expect(await list(browser())).toEqual(
      expect.arrayContaining([expect.objectContaining({ content: 'Before extracting' })]),
    );
  });

  it('lists approved comments newest first, and keeps markup as plain text', async () => {
    const writer = await member('Writer');
    const url = 'https://order.example/';
    const script = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    for (const content of ['first', 'second', script])
      expect((await post(writer, { content, sourceUrl: url })).status).toBe(201);
    expect((await list(browser(), url)).map((comment) => comment.content)).toEqual([script, 'second', 'first']);
  });

  describe('refusals, each with its code and the catalogue words', () => {
    it.each([
      ['no content', 'COMMENT_REQUIRED', { sourceUrl: page, username: 'N' }, 'Please enter a comment'],
      [
        'blank content',
        'COMMENT_REQUIRED',
        { content: ' \n\t ', sourceUrl: page, username: 'N' },
        'Please enter a comment',
      ],
      [
        '2,001 characters',
        'COMMENT_TOO_LONG',
        { content: 'x'.repeat(2001), sourceUrl: page, username: 'N' },
        'Comments are at most 2,000 characters.',
      ],
      ['no name from a visitor', 'USERNAME_REQUIRED', { content: 'hi', sourceUrl: page }, 'Please enter a username'],
      [
        'a blank name',
        'USERNAME_REQUIRED',
        { content: 'hi', sourceUrl: page, username: '   ' },
        'Please enter a username',
      ],
      [
        'a 51-character name',
        'USERNAME_TOO_LONG',
        { content: 'hi', sourceUrl: page, username: 'n'.repeat(51) },
        'Names are at most 50 characters.',
      ],
      [
        'a rating of 0',
        'INVALID_RATING',
        { content: 'hi', rating: 0, sourceUrl: page, username: 'N' },
        'Please give a rating from 1 to 5 stars.',
      ],
      [
        'a rating of 6',
        'INVALID_RATING',
        { content: 'hi', rating: 6, sourceUrl: page, username: 'N' },
        'Please give a rating from 1 to 5 stars.',
      ],
      [
        'a rating of 2.5',
        'INVALID_RATING',
        { content: 'hi', rating: 2.5, sourceUrl: page, username: 'N' },
        'Please give a rating from 1 to 5 stars.',
      ],
      ['no page address', 'URL_REQUIRED', { content: 'hi', username: 'N' }, 'Please enter a website URL.'],
      [
        'a javascript: page address',
        'UNSUPPORTED_SCHEME',
        { content: 'hi', sourceUrl: 'javascript:alert(1)', username: 'N' },
        'Only http:// and https:// web addresses can be extracted.',
      ],
    ])('POST with %s: 400 %s', async (_label, code, body, message) => {
      const before = await list(browser());
      const res = await post(browser(), body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ statusCode: 400, code, message });
      expect(await list(browser())).toEqual(before);
    });

    it('POST with a body that is not JSON: 400 MALFORMED_BODY', async () => {
      const res = await browser().fetch('/api/comments', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"content": ',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'MALFORMED_BODY' });
    });

    it.each([
      ['no url', 'URL_REQUIRED', ''],
      ['a blank url', 'URL_REQUIRED', '?url=%20'],
      ['a javascript: url', 'UNSUPPORTED_SCHEME', '?url=javascript:alert(1)'],
      ['two urls', 'INVALID_URL', '?url=a.example&url=b.example'],
    ])('GET with %s: 400 %s', async (_label, code, query) => {
      const res = await browser().fetch(`/api/comments${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: 400, code });
    });

    it('a cross-site POST carrying cookies: 403 CROSS_SITE_REQUEST, nothing stored', async () => {
      const writer = await member('Victim');
      const res = await writer.fetch('/api/comments', {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site' },
        json: { content: 'forged', sourceUrl: 'csrf.example' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
      expect(await list(browser(), 'csrf.example')).toEqual([]);
    });

    it('more than 10 comments in 10 minutes from one address: 429 TOO_MANY_REQUESTS with Retry-After', async () => {
      const flooder = browser();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (await post(flooder, { content: `spam ${i}`, sourceUrl: 'flood.example', username: 'Flood' })).status,
        );
      expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
      const refused = await post(flooder, { content: 'more', sourceUrl: 'flood.example', username: 'Flood' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      // Another address is not held back.
      expect((await post(browser(), { content: 'fine', sourceUrl: 'flood.example', username: 'Other' })).status).toBe(
        201,
      );
    });
  });
});
