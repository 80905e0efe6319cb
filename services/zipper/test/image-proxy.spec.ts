import { Site, solidPng, TestWeb } from '@pixtract/testing';
import sharp from 'sharp';
import { get } from 'node:http';
import { gzipSync } from 'node:zlib';
import { ZipperHarness, startZipper } from './zipper-harness';

const PNG = solidPng(64, 32);
const SVG_WITH_SCRIPT =
  '<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads an answer the proxy must cut off: its status, the bytes that came before the cut, and whether the message
 * was complete (Node's own parser, so the verdict does not hang on how a fetch client ends a body cut mid-chunk).
 */
function readCut(url: string): Promise<{ status: number; received: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let received = 0;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      // The cut shows as an aborted message: judged by `complete` below.
      res.on('error', () => undefined);
      res.on('close', () => resolve({ status: res.statusCode ?? 0, received, complete: res.complete }));
    }).on('error', reject);
  });
}

describe('GET /api/proxy-image (hermetic web, private networks refused)', () => {
  const web = new TestWeb();
  let zipper: ZipperHarness;
  let site: Site;
  let lastReferer: string | undefined;
  let rebindLookups = 0;

  const proxyUrl = (params: Record<string, string>) =>
    `${zipper.base}/api/proxy-image?${new URLSearchParams(params).toString()}`;
  const proxy = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(proxyUrl(params), { headers });
  const refusal = async (res: Response) => ({
    status: res.status,
    ...((await res.json()) as { code: string; message: string }),
  });

  beforeAll(async () => {
    site = await web.site('images.example', (req, res) => {
      lastReferer = req.headers.referer;
      const path = req.url ?? '/';
      if (path === '/photo.png' || path === '/no-extension' || path === '/really-a-png.jpg') {
        if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
        return void res
          .writeHead(200, {
            'content-type': 'image/png',
            'content-length': PNG.length,
            etag: '"v1"',
            'last-modified': 'Tue, 01 Jul 2025 10:00:00 GMT',
            'cache-control': 'public, max-age=600',
          })
          .end(PNG);
      }
      if (path === '/logo.svg')
        return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG_WITH_SCRIPT);
      if (path === '/svg-as-xml') return void res.writeHead(200, { 'content-type': 'text/xml' }).end(SVG_WITH_SCRIPT);
      if (path === '/page.png')
        return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>alert(1)</script></html>');
      if (path === '/html-bytes.png')
        return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><body>not an image</body></html>');
      if (path === '/html-typed-png') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PNG);
      if (path === '/missing.png') return void res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
      if (path === '/endless') {
        // 10 GB promised by nothing: no Content-Length, a PNG signature, then zeros for as long as anyone reads.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG.subarray(0, 16));
        const chunk = Buffer.alloc(64 * 1024);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on('drain', pump);
        return pump();
      }
      if (path === '/declared-huge')
        return void res
          .writeHead(200, { 'content-type': 'image/png', 'content-length': String(10 * 1024 ** 3) })
          .end(PNG);
      if (path === '/short-length') {
        // Content-Length smaller than what is written: only the declared bytes may come through.
        res.socket?.end(
          `HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 40\r\nconnection: close\r\n\r\n${PNG.toString('latin1')}`,
          'latin1',
        );
        return;
      }
      if (path === '/gzip-bomb') {
        const bomb = gzipSync(Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(20 * 1024 * 1024)]));
        return void res
          .writeHead(200, { 'content-type': 'image/png', 'content-encoding': 'gzip', 'content-length': bomb.length })
          .end(bomb);
      }
      if (path === '/trickle') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG.subarray(0, 1));
        const timer = setInterval(() => res.write(PNG.subarray(1, 2)), 1_500);
        return void res.on('close', () => clearInterval(timer));
      }
      if (path === '/silent') return; // never answers: no status line, no headers
      if (path.startsWith('/redirect/')) {
        const target = decodeURIComponent(path.slice('/redirect/'.length));
        return void res.writeHead(302, { location: target }).end();
      }
      if (path.startsWith('/hop/')) {
        const n = Number(path.slice('/hop/'.length));
        return void res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/photo.png' }).end();
      }
      res.writeHead(404).end();
    });
    web.setRecords('loopback.example', ['127.0.0.1']);
    web.setRecords('mixed.example', ['93.184.216.200', '10.0.0.7']);
    web.setRecords('rebind.example', () => (rebindLookups++ === 0 ? [site.address] : ['127.0.0.1']));
    zipper = await startZipper(web);
  });
  afterAll(async () => {
    await zipper.close();
    await web.close();
  });

  it('streams an image with its caching headers, nosniff and a CSP, sending the source page as Referer', async () => {
    const res = await proxy({ url: site.url('/photo.png'), sourceUrl: 'https://blog.example/post#comments' });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('etag')).toBe('"v1"');
    expect(res.headers.get('last-modified')).toBe('Tue, 01 Jul 2025 10:00:00 GMT');
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(lastReferer).toBe('https://blog.example/post');
  });

  it("passes the origin's 304 through for the client's validator", async () => {
    const res = await proxy({ url: site.url('/photo.png') }, { 'if-none-match': '"v1"' });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe('"v1"');
  });

  it('serves an SVG with its script made inert by the CSP sandbox', async () => {
    const res = await proxy({ url: site.url('/logo.svg') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('makes a thumbnail with sharp for w= and format=', async () => {
    const res = await proxy({ url: site.url('/photo.png'), w: '32', format: 'jpeg' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('etag')).toBe('W/"v1-w32.jpeg"');
    const metadata = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 32, height: 16 });
    const webp = await proxy({ url: site.url('/photo.png'), w: '1000' });
    expect(await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 64 });
  });

  it("names a download=1 attachment with host, base name, date and the bytes' type, spelled as the URL does when they agree", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const named = await proxy({ url: site.url('/photo.png'), download: '1' });
    expect(named.headers.get('content-disposition')).toBe(
      `attachment; filename="images.example-photo-${today}.png"; filename*=UTF-8''images.example-photo-${today}.png`,
    );
    const typed = await proxy({ url: site.url('/no-extension'), download: '1' });
    expect(typed.headers.get('content-disposition')).toContain(`filename="images.example-no_extension-${today}.png"`);
    const lying = await proxy({ url: site.url('/really-a-png.jpg'), download: '1' });
    expect(lying.headers.get('content-disposition')).toContain(`filename="images.example-really_a_png-${today}.png"`);
  });

  const blocked: Array<[string, string]> = [
    ['metadata', 'http://169.254.169.254/latest/meta-data'],
    ['IPv4-mapped metadata', 'http://[::ffff:169.254.169.254]/'],
    ['IPv4-mapped hex metadata', 'http://[::ffff:a9fe:a9fe]/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unspecified', 'http://[::]/'],
    ['0', 'http://0/'],
    ['0.0.0.0', 'http://0.0.0.0/'],
    ['decimal loopback', 'http://2130706433/'],
    ['hex loopback', 'http://0x7f000001/'],
    ['octal loopback', 'http://0177.0.0.1/'],
    ['short loopback', 'http://127.1/'],
    ['carrier-grade NAT', 'http://100.100.100.200/'],
    ['10/8', 'http://10.1.2.3/'],
    ['172.16/12', 'http://172.20.0.1/'],
    ['192.168/16', 'http://192.168.1.1/'],
    ['fc00::/7', 'http://[fd00::1]/'],
    ['fe80::/10', 'http://[fe80::1]/'],
    ['NAT64', 'http://[64:ff9b::7f00:1]/'],
    ['6to4', 'http://[2002:7f00:1::]/'],
    ['localhost', 'http://localhost/'],
    ['localhost.', 'http://localhost./'],
    ['app.localhost', 'http://app.localhost/'],
    ['a name resolving to 127.0.0.1', 'http://loopback.example/x.png'],
    ['a name with public and private records', 'http://mixed.example/x.png'],
  ];
  it.each(blocked)('refuses %s with 400 BLOCKED_ADDRESS', async (_label, url) => {
    expect(await refusal(await proxy({ url }))).toMatchObject({ status: 400, code: 'BLOCKED_ADDRESS' });
  });

  it.each([
    ['credentials', 'http://a@127.0.0.1/', 'CREDENTIALS_IN_URL'],
    ['credentials hidden before a fragment', 'http://127.1.1.1:80#@x/', 'BLOCKED_ADDRESS'],
    ['file:', 'file:///etc/passwd', 'UNSUPPORTED_SCHEME'],
    ['a non-web port of a public host', 'http://images.example:8080/photo.png', 'BLOCKED_PORT'],
  ])('refuses %s', async (_label, url, code) => {
    expect(await refusal(await proxy({ url }))).toMatchObject({ status: 400, code });
  });

  it('resolves once and connects to the checked address, so a rebinding resolver never gets a second say', async () => {
    // rebind.example answers public first and loopback on every later lookup.
    const res = await proxy({ url: 'http://rebind.example/photo.png' });
    expect(res.status).toBe(200);
    expect(rebindLookups).toBe(1);
    expect(await refusal(await proxy({ url: 'http://rebind.example/photo.png' }))).toMatchObject({
      status: 400,
      code: 'BLOCKED_ADDRESS',
    });
  });

  it.each([
    ['loopback', 'http://127.0.0.1/x.png', 'BLOCKED_ADDRESS'],
    ['file:', 'file:///etc/passwd', 'UNSUPPORTED_SCHEME'],
    ['gopher:', 'gopher://images.example/1', 'UNSUPPORTED_SCHEME'],
    ['ftp:', 'ftp://images.example/x.png', 'UNSUPPORTED_SCHEME'],
  ])('refuses a redirect to %s', async (_label, target, code) => {
    expect(await refusal(await proxy({ url: site.url(`/redirect/${encodeURIComponent(target)}`) }))).toMatchObject({
      status: 400,
      code,
    });
  });

  it('follows 5 redirects and refuses a longer chain', async () => {
    expect((await proxy({ url: site.url('/hop/4') })).status).toBe(200);
    expect(await refusal(await proxy({ url: site.url('/hop/5') }))).toMatchObject({
      status: 502,
      code: 'TOO_MANY_REDIRECTS',
    });
  });

  it.each([
    ['text/html served as an image', '/page.png'],
    ['HTML bytes labelled image/png', '/html-bytes.png'],
    ['PNG bytes labelled text/html', '/html-typed-png'],
    ['SVG labelled text/xml', '/svg-as-xml'],
  ])('refuses %s with 415 NOT_AN_IMAGE', async (_label, path) => {
    expect(await refusal(await proxy({ url: site.url(path) }))).toMatchObject({ status: 415, code: 'NOT_AN_IMAGE' });
  });

  it("answers an origin's 404 with 502 naming it", async () => {
    expect(await refusal(await proxy({ url: site.url('/missing.png') }))).toMatchObject({
      status: 502,
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('404'),
    });
  });

  it('refuses a declared 10 GB body at once with 413', async () => {
    expect(await refusal(await proxy({ url: site.url('/declared-huge') }))).toMatchObject({
      status: 413,
      code: 'UPSTREAM_TOO_LARGE',
    });
  });

  it('cuts an endless body without Content-Length at the byte cap and closes the upstream socket', async () => {
    const cut = await readCut(proxyUrl({ url: site.url('/endless') }));
    expect(cut).toMatchObject({ status: 200, complete: false });
    expect(cut.received).toBeLessThanOrEqual(1024 * 1024);
    await waitFor(() => site.openSockets() === 0);
  });

  it('cuts a gzip bomb at the decompressed cap', async () => {
    const cut = await readCut(proxyUrl({ url: site.url('/gzip-bomb') }));
    expect(cut).toMatchObject({ status: 200, complete: false });
    expect(cut.received).toBeLessThanOrEqual(1024 * 1024);
  });

  it('passes only the declared bytes of a Content-Length smaller than the body', async () => {
    const res = await proxy({ url: site.url('/short-length') });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG.subarray(0, 40));
  });

  it('answers 504 for a server sending one byte every few seconds, and for one that never sends headers', async () => {
    expect(await refusal(await proxy({ url: site.url('/trickle') }))).toMatchObject({
      status: 504,
      code: 'UPSTREAM_TIMEOUT',
    });
    expect(await refusal(await proxy({ url: site.url('/silent') }))).toMatchObject({
      status: 504,
      code: 'UPSTREAM_TIMEOUT',
    });
  });

  it('refuses a missing or malformed url with 400', async () => {
    expect(await refusal(await proxy({}))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(await refusal(await proxy({ url: site.url('/photo.png'), w: 'wide' }))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(20);
  }
}
