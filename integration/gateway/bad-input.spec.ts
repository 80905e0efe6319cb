import { GatewayHarness, startGateway } from '../support/gateway-harness';

describe('gateway refuses bad extraction input with a clear 4xx (private networks off)', () => {
  let gateway: GatewayHarness;

  beforeAll(async () => {
    gateway = await startGateway('gateway_bad_input');
  });
  afterAll(() => gateway.close());

  const cases: Array<[string, unknown, number, string, RegExp]> = [
    ['malformed JSON', '{"url": ', 400, 'MALFORMED_BODY', /not valid JSON/],
    ['no url', {}, 400, 'VALIDATION_FAILED', /url is required/],
    ['a non-string url', { url: 42 }, 400, 'VALIDATION_FAILED', /url must be a string/],
    ['an empty url', { url: '   ' }, 400, 'URL_REQUIRED', /Please enter a website URL/],
    ['ftp:', { url: 'ftp://example.com/x.png' }, 400, 'UNSUPPORTED_SCHEME', /Only http:\/\/ and https:\/\//],
    ['file:', { url: 'file:///etc/passwd' }, 400, 'UNSUPPORTED_SCHEME', /Only http/],
    ['javascript:', { url: 'javascript:alert(1)' }, 400, 'UNSUPPORTED_SCHEME', /Only http/],
    [
      'a URL over 2,048 characters',
      { url: `https://example.com/${'a'.repeat(2100)}` },
      400,
      'URL_TOO_LONG',
      /at most 2,048/,
    ],
    [
      'credentials in the URL',
      { url: 'http://user:pw@example.com/' },
      400,
      'CREDENTIALS_IN_URL',
      /user name or password/,
    ],
  ];

  it.each(cases)('refuses %s', async (_label, body, status, code, message) => {
    const res = await gateway.post('/api/extractions', body, typeof body === 'string');
    expect(res.status).toBe(status);
    const answer = (await res.json()) as { code: string; message: string };
    expect(answer.code).toBe(code);
    expect(answer.message).toMatch(message);
  });

  it.each([
    'http://127.0.0.1/page',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://localhost:3000/',
  ])('refuses the private address %s with a 4xx and a clear message', async (url) => {
    for (const path of ['/api/extractions', '/api/extract-images']) {
      const res = await gateway.post(path, { url });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.json()).toMatchObject({
        code: 'BLOCKED_ADDRESS',
        message: 'This address points to a private or local network and cannot be fetched.',
      });
    }
  });

  it('refuses a host that does not resolve with a 4xx, without hanging', async () => {
    const res = await gateway.post('/api/extract-images', { url: 'http://no-such-host.invalid/' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await res.json()).toMatchObject({ code: 'HOST_NOT_FOUND' });
  });

  it('stores nothing for a refused request', async () => {
    await gateway.post('/api/extractions', { url: 'http://169.254.169.254/' });
    const { DataSource } = await import('typeorm');
    const rows = await gateway.app.get(DataSource).query('SELECT count(*)::int AS n FROM extractions');
    expect(rows[0].n).toBe(0);
  });
});
