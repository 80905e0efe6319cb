import { startFixtureServer, FixtureServer } from '../src/fixture-server';

describe('fixture server', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());

  it('serves a generated PNG whose header carries the asked size', async () => {
    const res = await fetch(server.url('/images/640x480.png'));
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    expect([body.readUInt32BE(16), body.readUInt32BE(20)]).toEqual([640, 480]);
  });

  it('answers a Range request with the part asked for and the whole size', async () => {
    const whole = Buffer.from(await (await fetch(server.url('/images/1600x1200.png?c=112233'))).arrayBuffer());
    const res = await fetch(server.url('/images/1600x1200.png?c=112233'), { headers: { range: 'bytes=0-99' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(whole.subarray(0, 100));
    // A range past the end is cut at the last byte, as static file servers do.
    const small = (await (await fetch(server.url('/images/16x16.png'))).arrayBuffer()).byteLength;
    const beyond = await fetch(server.url('/images/16x16.png'), { headers: { range: 'bytes=0-65535' } });
    expect(beyond.status).toBe(206);
    expect(beyond.headers.get('content-range')).toBe(`bytes 0-${small - 1}/${small}`);
    expect((await beyond.arrayBuffer()).byteLength).toBe(small);
  });

  it('serves fixture pages and refuses paths outside the fixture folder', async () => {
    expect((await fetch(server.url('/pages/basic.html'))).status).toBe(200);
    expect((await fetch(server.url('/pages/..%2f..%2fpackage.json'))).status).toBe(404);
  });

  it('delays a response on /delay/<ms>/', async () => {
    const started = Date.now();
    await fetch(server.url('/delay/150/images/1x1.png'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(server.requests).toContain('/delay/150/images/1x1.png');
  });
});
