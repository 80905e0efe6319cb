import type { ExtractedFile } from '@pixtract/contracts';
import { safeFetchPolicy } from '@pixtract/safe-fetch';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { withVariantSizes } from './variant-sizes';

/** Renditions on a real server whose true sizes differ from what their srcset or address suggests. */
describe('withVariantSizes', () => {
  let server: Server;
  let origin: string;
  const requested: string[] = [];
  const policy = safeFetchPolicy({ allowPrivateNetworks: true });

  beforeAll(async () => {
    const image = (width: number, height: number, format: 'jpeg' | 'png' | 'webp') =>
      sharp({ create: { width, height, channels: 3, background: '#888' } })
        .toFormat(format)
        .toBuffer();
    const files: Record<string, { type: string; bytes: Buffer }> = {
      '/square-400.jpg': { type: 'image/jpeg', bytes: await image(400, 400, 'jpeg') },
      '/photo-300x200.png': { type: 'image/png', bytes: await image(300, 150, 'png') },
      '/plain.webp': { type: 'image/webp', bytes: await image(50, 60, 'webp') },
      // Stored 200 × 100 with EXIF orientation 6 (a quarter turn): shown, and converted, at 100 × 200.
      '/rotated-200x100.jpg': {
        type: 'image/jpeg',
        bytes: await sharp({ create: { width: 200, height: 100, channels: 3, background: '#888' } })
          .withMetadata({ orientation: 6 })
          .jpeg()
          .toBuffer(),
      },
    };
    server = createServer((req, res) => {
      requested.push(req.url ?? '');
      const file = files[req.url ?? ''];
      if (!file) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file.type }).end(file.bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const picture = (): ExtractedFile => ({
    fileUrl: `${origin}/photo.jpg`,
    width: 800,
    height: 533,
    variants: [
      // A srcset's `400w`, its height guessed from the 800 × 533 file's ratio: the rendition is a square crop.
      { fileUrl: `${origin}/square-400.jpg`, width: 400, height: 267 },
      // The size its address names, which the CMS did not keep to.
      { fileUrl: `${origin}/photo-300x200.png`, width: 300, height: 200 },
      { fileUrl: `${origin}/plain.webp` },
      { fileUrl: `${origin}/gone.jpg`, width: 100 },
      { fileUrl: `${origin}/rotated-200x100.jpg`, width: 200, height: 100 },
    ],
  });

  it('reads every rendition’s width and height from its own header (as shown: EXIF orientation applied), keeping what cannot be read', async () => {
    const [file] = await withVariantSizes([picture()], policy);
    expect(file.variants).toEqual([
      { fileUrl: `${origin}/square-400.jpg`, width: 400, height: 400 },
      { fileUrl: `${origin}/photo-300x200.png`, width: 300, height: 150 },
      { fileUrl: `${origin}/plain.webp`, width: 50, height: 60 },
      { fileUrl: `${origin}/gone.jpg`, width: 100 },
      { fileUrl: `${origin}/rotated-200x100.jpg`, width: 100, height: 200 },
    ]);
  });

  it('reads each address once, and no more renditions than its limit', async () => {
    requested.length = 0;
    await withVariantSizes([picture(), picture()], policy, { maxProbes: 2, parallel: 2, timeMs: 3_000 });
    expect(requested.sort()).toEqual(['/photo-300x200.png', '/square-400.jpg']);
  });

  it('refuses addresses the SSRF-safe path refuses, keeping their sizes', async () => {
    const [file] = await withVariantSizes([picture()], safeFetchPolicy({ allowPrivateNetworks: false }));
    expect(file.variants?.[0]).toEqual({ fileUrl: `${origin}/square-400.jpg`, width: 400, height: 267 });
  });
});
