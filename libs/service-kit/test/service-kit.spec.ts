import { Body, Controller, Get, INestApplication, Module, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCode, extractionRequestSchema } from '@pixtract/contracts';
import { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { createService } from '../src/bootstrap';
import { loggingModule } from '../src/logging.module';
import { parseWith } from '../src/parse-with';
import { HealthModule } from '../src/health.module';

@Controller()
class ProbeController {
  @Post('echo')
  echo(@Body() body: unknown) {
    return parseWith(extractionRequestSchema, body);
  }

  /** Listed in BODY_FORMATS as json-or-form: the seed's form post. */
  @Post('api/download-images')
  form(@Body() body: unknown) {
    return body ?? {};
  }

  /** What arrived on a raw-body path: the body as parsed (nothing) and the bytes still in the stream. */
  @Post('signed')
  async signed(@Req() req: Request) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return { parsed: req.body ?? null, raw: Buffer.concat(chunks).toString('utf8') };
  }

  @Get('boom')
  boom() {
    throw new Error('secret internal detail');
  }
}

let redisUp = true;

@Module({
  imports: [
    loggingModule('probe', 'silent'),
    HealthModule.register({
      useFactory: () => [
        { name: 'postgres', check: async () => undefined },
        {
          name: 'redis',
          check: async () => {
            if (!redisUp) throw new Error('connection refused');
          },
        },
      ],
    }),
  ],
  controllers: [ProbeController],
})
class ProbeModule {}

/** The probe service on a free port, and its address. */
async function startProbe(): Promise<{ app: INestApplication; base: string }> {
  const app = await createService({ name: 'probe', module: ProbeModule, port: 0 });
  return { app, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

describe('service kit over HTTP', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    ({ app, base } = await startProbe());
  });
  afterAll(() => app.close());

  const post = (path: string, body: string) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answers malformed JSON with 400 MALFORMED_BODY and no stack', async () => {
    const res = await post('/echo', '{"url": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      code: ErrorCode.MalformedBody,
      message: 'The request body is not valid JSON.',
    });
  });

  it('names the field when the body has the wrong type', async () => {
    const res = await post('/echo', '{"url": 42}');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: ErrorCode.ValidationFailed,
      fields: { url: 'url must be a string' },
    });
  });

  it('hides internal errors behind an errorId', async () => {
    const res = await fetch(`${base}/boom`);
    const body = (await res.json()) as { errorId: string };
    expect(res.status).toBe(500);
    expect(body).toMatchObject({ code: ErrorCode.Internal, message: 'An error occurred. Please try again later.' });
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
  });

  it('echoes a sane request id and mints one otherwise', async () => {
    expect(
      (await fetch(`${base}/health`, { headers: { 'x-request-id': 'abc-123' } })).headers.get('x-request-id'),
    ).toBe('abc-123');
    expect(
      (await fetch(`${base}/health`, { headers: { 'x-request-id': 'bad id with spaces' } })).headers.get(
        'x-request-id',
      ),
    ).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('reports readiness per dependency, 503 when one is down', async () => {
    redisUp = true;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    redisUp = false;
    const res = await fetch(`${base}/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { postgres: 'ok', redis: 'connection refused' } });
  });
});

describe('service kit body limits', () => {
  it('answers an oversized body with 413 in the catalogue shape', async () => {
    const app = await createService({ name: 'probe', module: ProbeModule, port: 0, bodyLimit: '1kb' });
    try {
      const port = (app.getHttpServer().address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'x'.repeat(5000) }),
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        statusCode: 413,
        code: ErrorCode.PayloadTooLarge,
        message: 'The request body is too large.',
      });
      // Counted after decompression: a small gzip of a large body is as large as the body.
      const bomb = await fetch(`http://127.0.0.1:${port}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ url: 'x'.repeat(100_000) })),
      });
      expect(bomb.status).toBe(413);
    } finally {
      await app.close();
    }
  });
});

describe("service kit refuses bad bytes and shapes in the catalogue's words", () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    ({ app, base } = await startProbe());
  });
  afterAll(() => app.close());

  const send = (path: string, body: string | Buffer | undefined, headers: Record<string, string> = {}) =>
    fetch(base + path, { method: 'POST', headers, body });

  it.each([
    ['a form body', 'url=https%3A%2F%2Fexample.com', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['a multipart body', '--b\r\n\r\nx\r\n--b--', { 'content-type': 'multipart/form-data; boundary=b' }],
    ['text/plain', '{"url":"https://example.com"}', { 'content-type': 'text/plain' }],
    ['no content type', '{"url":"https://example.com"}', {}],
    ['JSON in UTF-16', '{"url":"https://example.com"}', { 'content-type': 'application/json; charset=utf-16' }],
  ])('answers %s where JSON is expected with 415', async (_label, body, headers) => {
    const res = await send('/echo', body, headers);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      statusCode: 415,
      code: ErrorCode.UnsupportedMediaType,
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
  });

  it('takes a POST without a body, and JSON with a charset of UTF-8 or a +json type', async () => {
    expect((await send('/echo', undefined)).status).toBe(400);
    expect(
      (await send('/echo', '{"url":"https://example.com"}', { 'content-type': 'application/json; charset=UTF-8' }))
        .status,
    ).toBe(201);
    expect(
      (await send('/echo', '{"url":"https://example.com"}', { 'content-type': 'application/merge-patch+json' })).status,
    ).toBe(201);
  });

  it('reads a form body only where the route takes one, matched as routes are (case, trailing slash)', async () => {
    for (const path of ['/api/download-images', '/API/Download-Images/']) {
      const res = await send(path, 'imageUrls=%5B%5D&sourceUrl=x', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ imageUrls: '[]', sourceUrl: 'x' });
    }
  });

  it('reads gzip, deflate and br bodies, and refuses other encodings with 415', async () => {
    const { deflateSync, brotliCompressSync } = await import('node:zlib');
    const body = JSON.stringify({ url: 'https://example.com' });
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(body)],
      ['deflate', deflateSync(body)],
      ['br', brotliCompressSync(body)],
    ] as const) {
      const res = await send('/echo', bytes, { 'content-type': 'application/json', 'content-encoding': encoding });
      expect(res.status).toBe(201);
    }
    const res = await send('/echo', body, { 'content-type': 'application/json', 'content-encoding': 'compress' });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ code: ErrorCode.UnsupportedEncoding });
  });

  it.each(['gzip', 'deflate', 'br'])('answers a body that is not valid %s with 400, not 500', async (encoding) => {
    const res = await send('/echo', 'definitely not compressed', {
      'content-type': 'application/json',
      'content-encoding': encoding,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      code: ErrorCode.UnreadableBody,
      message: 'The request body could not be decompressed.',
    });
  });

  it('refuses JSON nested deeper than 32 levels with 400, whatever its size', async () => {
    for (const depth of [33, 5000, 200_000]) {
      const res = await send('/echo', '['.repeat(depth) + ']'.repeat(depth), { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: 400,
        code: ErrorCode.BodyTooDeep,
        message: 'The request body is nested too deeply.',
      });
    }
    const inString = JSON.stringify({ url: '['.repeat(100) });
    expect((await send('/echo', inString, { 'content-type': 'application/json' })).status).toBe(201);
  });

  it.each([
    ['in a JSON value', '{"url":"https://example.com/a\\u0000b"}', 'application/json'],
    ['in a JSON key', '{"u\\u0000rl":"x"}', 'application/json'],
    ['deep in a JSON array', '{"fileTypes":["png","a\\u0000"],"url":"x"}', 'application/json'],
  ])('refuses a NUL character %s with 400', async (_label, body, type) => {
    const res = await send('/echo', body, { 'content-type': type });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      code: ErrorCode.NulCharacter,
      message: 'Text in the request may not contain NUL characters.',
    });
  });

  it('refuses a NUL character in a form body with 400', async () => {
    const res = await send('/api/download-images', 'imageUrls=%00', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: ErrorCode.NulCharacter });
  });

  it("answers an unknown route with the catalogue's words, not the request echoed", async () => {
    const res = await fetch(`${base}/no/such/<route>`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, code: ErrorCode.NotFound, message: 'Not found.' });
  });

  it('does not say which framework answers', async () => {
    expect((await fetch(`${base}/health`)).headers.get('x-powered-by')).toBeNull();
  });
});

describe('service kit raw body paths', () => {
  it('leaves a raw-body path unparsed, its bytes as sent, and parses every other path', async () => {
    const app = await createService({ name: 'probe', module: ProbeModule, port: 0, rawBodyPaths: ['/signed'] });
    try {
      const port = (app.getHttpServer().address() as AddressInfo).port;
      const sent = '{\n  "b": 1,   "a": "\\u00e9"\n}';
      const res = await fetch(`http://127.0.0.1:${port}/signed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: sent,
      });
      expect(await res.json()).toEqual({ parsed: null, raw: sent });
      const parsed = await fetch(`http://127.0.0.1:${port}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"url":"example.com"}',
      });
      expect(parsed.status).toBe(201);
    } finally {
      await app.close();
    }
  });
});
