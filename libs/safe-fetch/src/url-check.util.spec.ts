import { ErrorCode } from '@pixtract/contracts';
import { PUBLIC_IP, startHttpServer, tableResolver, testPolicy, type LocalServer } from '../test/local-servers';
import { safeFetch } from './safe-fetch.client';
import { SafeFetchError } from './safe-fetch.error';
import { checkUrlSyntax, resolveAndCheck } from './url-check.util';

async function refusal(url: string, policy = testPolicy()): Promise<SafeFetchError> {
  const error = await safeFetch(url, { policy }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof SafeFetchError)) throw new Error(`expected a SafeFetchError for ${url}, got ${String(error)}`);
  return error;
}

describe('address checks (private networks refused)', () => {
  let target: LocalServer;
  beforeAll(async () => {
    target = await startHttpServer((_req, res) => res.end('internal secret'));
  });
  afterAll(() => target.close());
  afterEach(() => expect(target.connections()).toBe(0));

  // Every form carries the port of a live local server: a check that let one through would show up as a hit.
  it.each([
    '169.254.169.254',
    '[::ffff:169.254.169.254]',
    '[::ffff:a9fe:a9fe]',
    '[::ffff:127.0.0.1]',
    '[::1]',
    '[::]',
    '0',
    '0.0.0.0',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.1',
    '127.0.0.1',
    '127.0.0.1.',
    '100.100.100.200',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.0.1',
    '[fc00::1]',
    '[fd00::1]',
    '[fe80::1]',
    '[64:ff9b::7f00:1]',
    '[2002:7f00:1::]',
    '[2001::1]',
    '224.0.0.1',
    '255.255.255.255',
    'localhost',
    'localhost.',
    'app.localhost',
    'LOCALHOST',
  ])('refuses http://%s as a blocked address', async (host) => {
    const error = await refusal(`http://${host}:${target.port}/`);
    expect(error.code).toBe(ErrorCode.BlockedAddress);
    expect(error.status).toBe(400);
    expect(error.message).toBe('This address points to a private or local network and cannot be fetched.');
  });

  it('refuses credentials, including the userinfo trick that hides a loopback host', async () => {
    expect((await refusal(`http://a@127.0.0.1:${target.port}/`)).code).toBe(ErrorCode.CredentialsInUrl);
    expect((await refusal('http://user:pass@example.test/')).code).toBe(ErrorCode.CredentialsInUrl);
  });

  it('reads "http://127.1.1.1:80#@x/" the way the URL standard does: host 127.1.1.1, refused', async () => {
    expect((await refusal('http://127.1.1.1:80#@x/')).code).toBe(ErrorCode.BlockedAddress);
  });

  it.each([
    'file:///etc/passwd',
    'gopher://example.test/',
    'ftp://example.test/',
    'javascript:alert(1)',
    'data:text/plain,hi',
  ])('refuses the scheme of %s', async (url) => {
    expect((await refusal(url)).code).toBe(ErrorCode.UnsupportedScheme);
  });

  it('refuses text that is not a URL', async () => {
    expect((await refusal('http://exa mple.test/')).code).toBe(ErrorCode.InvalidUrl);
  });

  it('allows only ports 80 and 443 on public hosts, and allows any port when private networks are allowed', () => {
    const { resolver } = tableResolver({});
    expect(() => checkUrlSyntax('http://example.test:8080/', testPolicy({ resolver }))).toThrow(
      expect.objectContaining({ code: ErrorCode.BlockedPort, status: 400 }),
    );
    expect(checkUrlSyntax('https://example.test:80/', testPolicy()).port).toBe('80');
    expect(checkUrlSyntax('http://example.test:443/', testPolicy()).port).toBe('443');
    expect(checkUrlSyntax('http://example.test:8080/', testPolicy({ allowPrivateNetworks: true })).port).toBe('8080');
  });

  it('refuses a name that resolves to loopback', async () => {
    const { resolver } = tableResolver({ 'loopback.test': ['127.0.0.1'] });
    expect((await refusal('http://loopback.test/', testPolicy({ resolver }))).code).toBe(ErrorCode.BlockedAddress);
  });

  it('refuses a name whose answer mixes public and private records', async () => {
    const { resolver } = tableResolver({
      'mixed.test': [PUBLIC_IP, '10.0.0.7'],
      'mixed6.test': ['2606:4700::1', 'fd00::7'],
    });
    expect((await refusal('http://mixed.test/', testPolicy({ resolver }))).code).toBe(ErrorCode.BlockedAddress);
    expect((await refusal('http://mixed6.test/', testPolicy({ resolver }))).code).toBe(ErrorCode.BlockedAddress);
  });

  it('refuses localhost names without asking the resolver', async () => {
    const { resolver, calls } = tableResolver({ 'app.localhost': [PUBLIC_IP] });
    expect((await refusal('http://app.localhost/', testPolicy({ resolver }))).code).toBe(ErrorCode.BlockedAddress);
    expect(calls).toEqual([]);
  });

  it('reports a name that does not resolve as host not found', async () => {
    const { resolver } = tableResolver({});
    const error = await refusal('http://missing.test/', testPolicy({ resolver }));
    expect(error.code).toBe(ErrorCode.HostNotFound);
    expect(error.status).toBe(422);
    expect(error.message).not.toContain('ENOTFOUND');
  });

  it('bounds a resolver that never answers', async () => {
    const policy = testPolicy({
      resolver: () => new Promise(() => undefined),
      timeouts: { connectMs: 100, headersMs: 1_000, idleMs: 1_000, totalMs: 5_000 },
    });
    await expect(resolveAndCheck(new URL('http://slow.test/'), policy)).rejects.toMatchObject({
      code: ErrorCode.UpstreamTimeout,
      status: 504,
    });
  });

  it('with private networks allowed, resolves to loopback but still refuses metadata', async () => {
    const { resolver } = tableResolver({ 'dev.test': ['127.0.0.1'], 'meta.test': ['169.254.169.254'] });
    const policy = testPolicy({ resolver, allowPrivateNetworks: true });
    await expect(resolveAndCheck(new URL('http://dev.test:3000/'), policy)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    await expect(resolveAndCheck(new URL('http://meta.test/'), policy)).rejects.toMatchObject({
      code: ErrorCode.BlockedAddress,
    });
    expect(() => checkUrlSyntax('http://169.254.169.254/latest/meta-data/', policy)).toThrow(SafeFetchError);
  });
});
