import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GatewayHarness, startGateway } from '../support/gateway-harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Stands in for the zipper: records what the gateway forwards and answers per test. */
async function startFakeZipper() {
  const seen: SeenRequest[] = [];
  let closedEarly = 0;
  let release: () => void = () => undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const target = new URL(req.url ?? '/', 'http://zipper').searchParams.get('url');
      res.on('close', () => res.writableFinished || closedEarly++);
      if (req.method === 'POST')
        return void res
          .writeHead(200, {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="a-images-2025-01-01.zip"',
          })
          .end(Buffer.concat(chunks));
      if (target === 'refused')
        return void res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ statusCode: 400, code: 'BLOCKED_ADDRESS', message: 'no' }));
      if (target === 'broken') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write('first bytes');
        return void setTimeout(() => res.socket?.destroy(), 50);
      }
      if (target === 'streaming') {
        // The first part now, the rest only when the test says so: the gateway must not wait for the end.
        res.writeHead(200, { 'content-type': 'application/zip' });
        res.write('PK-first-part');
        release = () => res.end('-rest');
        return;
      }
      res.writeHead(200, {
        'content-type': 'image/png',
        etag: '"abc"',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
      });
      res.end('png-bytes');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    closedEarly: () => closedEarly,
    release: () => release(),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe('gateway media routes forward to the zipper as a streaming reverse proxy', () => {
  let gateway: GatewayHarness;
  let zipper: Awaited<ReturnType<typeof startFakeZipper>>;

  beforeAll(async () => {
    zipper = await startFakeZipper();
    gateway = await startGateway('gateway_media', { ZIPPER_URL: zipper.url });
  }, 30_000);
  afterAll(async () => {
    await gateway.close();
    await zipper.close();
  }, 20_000);

  it('forwards GET /api/proxy-image with its query and validators, and passes status, headers and body back', async () => {
    const res = await fetch(
      `${gateway.base}/api/proxy-image?url=${encodeURIComponent('https://images.example/a.png')}&w=200`,
      {
        headers: { 'if-none-match': '"old"', cookie: 'session=secret', authorization: 'Bearer x' },
      },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('png-bytes');
    expect(res.headers.get('etag')).toBe('"abc"');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const forwarded = zipper.seen.at(-1)!;
    expect(forwarded.url).toBe(`/api/proxy-image?url=${encodeURIComponent('https://images.example/a.png')}&w=200`);
    expect(forwarded.headers['if-none-match']).toBe('"old"');
    expect(forwarded.headers.cookie).toBeUndefined();
    expect(forwarded.headers.authorization).toBeUndefined();
  });

  it('forwards GET /api/screenshot-boxes with its query', async () => {
    const page = encodeURIComponent('https://site.example/gallery');
    const res = await fetch(`${gateway.base}/api/screenshot-boxes?url=${page}`);
    expect(res.status).toBe(200);
    expect(zipper.seen.at(-1)!.url).toBe(`/api/screenshot-boxes?url=${page}`);
  });

  it("passes the zipper's refusals through unchanged", async () => {
    const res = await fetch(`${gateway.base}/api/proxy-image?url=refused`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, code: 'BLOCKED_ADDRESS', message: 'no' });
  });

  it("forwards the seed's form post and a JSON body to POST /api/download-images", async () => {
    const imageUrls = JSON.stringify(['https://images.example/a.png']);
    const form = await fetch(`${gateway.base}/api/download-images`, {
      method: 'POST',
      body: new URLSearchParams({ imageUrls, sourceUrl: 'https://blog.example/' }),
    });
    expect(form.status).toBe(200);
    expect(form.headers.get('content-disposition')).toBe('attachment; filename="a-images-2025-01-01.zip"');
    expect(JSON.parse(await form.text())).toEqual({ imageUrls, sourceUrl: 'https://blog.example/' });
    const json = await gateway.post('/api/download-images', {
      imageUrls: ['https://images.example/b.png'],
      convert: 'png',
    });
    expect(JSON.parse(await json.text())).toEqual({ imageUrls: ['https://images.example/b.png'], convert: 'png' });
    expect(zipper.seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/download-images' });
  });

  it('streams the answer as it comes instead of waiting for its end', async () => {
    const res = await fetch(`${gateway.base}/api/proxy-image?url=streaming`);
    const reader = res.body!.getReader();
    expect(Buffer.from((await reader.read()).value).toString()).toBe('PK-first-part');
    zipper.release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += Buffer.from(chunk.value).toString();
    expect(rest).toBe('-rest');
  });

  it('closes the zipper connection when the visitor disconnects mid-stream', async () => {
    const before = zipper.closedEarly();
    const controller = new AbortController();
    const res = await fetch(`${gateway.base}/api/proxy-image?url=streaming`, { signal: controller.signal });
    await res.body!.getReader().read();
    controller.abort();
    for (let waited = 0; zipper.closedEarly() === before && waited < 3_000; waited += 20) await sleep(20);
    expect(zipper.closedEarly()).toBe(before + 1);
  });

  it('cuts the response short when the zipper stream breaks after the headers', async () => {
    const res = await fetch(`${gateway.base}/api/proxy-image?url=broken`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('answers 502 with an error id when the zipper cannot be reached', async () => {
    // A replica of the same gateway (its database, queue and auth), pointed at a port nothing listens on.
    const down = await startGateway(
      'gateway_media_down',
      { ZIPPER_URL: 'http://127.0.0.1:1' },
      { database: gateway.database, queuePrefix: gateway.queuePrefix, authUrl: gateway.authUrl },
    );
    try {
      const res = await fetch(`${down.base}/api/proxy-image?url=x`);
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ statusCode: 502, code: 'INTERNAL', errorId: expect.any(String) });
    } finally {
      await down.close();
    }
  }, 20_000);
});
