import { safeFetchPolicy } from '@pixtract/safe-fetch';
import { solidPng } from '@pixtract/testing';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { probeImage } from '../src/extraction/measuring/image-probe.util';

/** The probe against a real server that answers the way image hosts do. */
describe('probeImage', () => {
  const picture = solidPng(120, 80);
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/ranged.png') {
        res
          .writeHead(206, {
            'content-type': 'image/png',
            'content-range': `bytes 0-${picture.length - 1}/${picture.length}`,
          })
          .end(picture);
      } else if (req.url === '/drip.png') {
        // Range ignored, the header at once, the rest never (a slow image script).
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(picture.subarray(0, 40));
      } else if (req.url === '/chunked.png') {
        // A dynamic endpoint: Range ignored, no Content-Length (chunked).
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(picture.subarray(0, 10));
        res.end(picture.subarray(10));
      } else if (req.url?.startsWith('/soft-404/')) {
        // An error page or an API answer sent under an image type: the browser shows a broken image.
        const body = req.url.endsWith('.json')
          ? '{"error":"not found"}'
          : '\n  <!DOCTYPE html><html><body>Not found</body></html>';
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
      } else if (req.url === '/unknown.bin') {
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from('GIF87a?'));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const probe = (path: string) =>
    probeImage(`${origin}${path}`, safeFetchPolicy({ allowPrivateNetworks: true }), new AbortController().signal);

  it('reads the size of the whole file from Content-Range', async () => {
    expect(await probe('/ranged.png')).toMatchObject({
      header: { width: 120, height: 80, mimeType: 'image/png' },
      bytes: picture.length,
    });
  });

  it('knows the size of a small file sent whole without a length: every byte was read', async () => {
    const probed = await probe('/chunked.png');
    expect(probed).toMatchObject({ header: { width: 120, height: 80 }, bytes: picture.length });
    expect(probed?.prefix.equals(picture)).toBe(true);
  });

  it('keeps the size from a header that came before the deadline cut the read off, with no fingerprint', async () => {
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(new Error('measuring time is up')), 300);
    const probed = await probeImage(
      `${origin}/drip.png`,
      safeFetchPolicy({ allowPrivateNetworks: true }),
      deadline.signal,
    );
    expect(probed).toMatchObject({ header: { width: 120, height: 80 }, cutOff: true });
    expect(probed?.bytes).toBeUndefined();
  });

  it('says a missing file is gone', async () => {
    expect(await probe('/missing.png')).toMatchObject({ gone: true });
  });

  it.each(['/soft-404/photo.jpg', '/soft-404/photo.json'])(
    'says a page or JSON sent as an image (%s) is gone',
    async (path) => {
      expect(await probe(path)).toMatchObject({ gone: true });
    },
  );

  it('keeps a file whose header it cannot read but which is no page (a format it does not know, a cut-off header)', async () => {
    expect(await probe('/unknown.bin')).not.toMatchObject({ gone: true });
  });
});
