import { Body, Controller, Get, INestApplication, Module, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ErrorCode, extractionRequestSchema } from '@pixtract/contracts';
import { AddressInfo } from 'node:net';
import { createService } from './bootstrap';
import { loggingModule } from './logging.module';
import { parseWith } from './parse-with';
import { HealthModule } from './health.module';

@Controller()
class ProbeController {
  @Post('echo')
  echo(@Body() body: unknown) {
    return parseWith(extractionRequestSchema, body);
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
        { name: 'redis', check: async () => { if (!redisUp) throw new Error('connection refused'); } },
      ],
    }),
  ],
  controllers: [ProbeController],
})
class ProbeModule {}

describe('service kit over HTTP', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await createService({ name: 'probe', module: ProbeModule, port: 0 });
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  const post = (path: string, body: string) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answers malformed JSON with 400 MALFORMED_BODY and no stack', async () => {
    const res = await post('/echo', '{"url": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, code: ErrorCode.MalformedBody, message: 'The request body is not valid JSON.' });
  });

  it('names the field when the body has the wrong type', async () => {
    const res = await post('/echo', '{"url": 42}');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: ErrorCode.ValidationFailed, fields: { url: 'url must be a string' } });
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
    expect((await fetch(`${base}/health`, { headers: { 'x-request-id': 'abc-123' } })).headers.get('x-request-id')).toBe('abc-123');
    expect((await fetch(`${base}/health`, { headers: { 'x-request-id': 'bad id with spaces' } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
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
      expect(await res.json()).toEqual({ statusCode: 413, code: ErrorCode.ValidationFailed, message: 'The request body is too large.' });
    } finally {
      await app.close();
    }
  });
});

describe('service kit raw body paths', () => {
  it('leaves a raw-body path unparsed, its bytes as sent, and parses every other path', async () => {
    const app = await createService({ name: 'probe', module: ProbeModule, port: 0, rawBodyPaths: ['/signed'] });
    try {
      const port = (app.getHttpServer().address() as AddressInfo).port;
      const sent = '{\n  "b": 1,   "a": "\\u00e9"\n}';
      const res = await fetch(`http://127.0.0.1:${port}/signed`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: sent });
      expect(await res.json()).toEqual({ parsed: null, raw: sent });
      const parsed = await fetch(`http://127.0.0.1:${port}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"url":"example.com"}' });
      expect(parsed.status).toBe(201);
    } finally {
      await app.close();
    }
  });
});
