import sharp from 'sharp';
import { openArchive, Site, TestWeb } from '@pixtract/testing';
import { ZipperHarness, startZipper } from './zipper-harness';

/** Every picture the tests save, made here with sharp: each format, animated, transparent, rotated and CMYK. */
interface Pictures {
  jpeg: Buffer;
  p3Jpeg: Buffer;
  rotatedJpeg: Buffer;
  cmykJpeg: Buffer;
  transparentPng: Buffer;
  webp: Buffer;
  avif: Buffer;
  animatedGif: Buffer;
  animatedWebp: Buffer;
  svg: Buffer;
  huge: Buffer;
}

const frame = (colour: string) =>
  sharp({ create: { width: 24, height: 16, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function makePictures(externalRef: string): Promise<Pictures> {
  const photo = sharp({
    create: {
      width: 64,
      height: 48,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
  const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map(frame));
  return {
    jpeg: await photo.clone().jpeg().toBuffer(),
    p3Jpeg: await photo.clone().withIccProfile('p3').jpeg().toBuffer(),
    // Stored 40×20, shown 20×40: orientation 6 is "rotate 90° clockwise".
    rotatedJpeg: await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
    cmykJpeg: await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff0000' } })
      .toColourspace('cmyk')
      .jpeg()
      .toBuffer(),
    transparentPng: await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer(),
    webp: await photo.clone().webp().toBuffer(),
    avif: await photo.clone().avif().toBuffer(),
    animatedGif: await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer(),
    animatedWebp: await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer(),
    svg: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="30" height="15">` +
        `<rect width="30" height="15" fill="#08f"/><image href="${externalRef}" xlink:href="${externalRef}" width="30" height="15"/></svg>`,
    ),
    // 3,000 × 3,000 = 9 M pixels, over the test zipper's 4 M cap.
    huge: await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  };
}

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
};

describe('saving as another format (real sharp, hermetic web)', () => {
  const web = new TestWeb();
  let zipper: ZipperHarness;
  let site: Site;
  let pictures: Pictures;
  const files = new Map<string, Buffer>();

  const proxy = (params: Record<string, string>) =>
    fetch(`${zipper.base}/api/proxy-image?${new URLSearchParams(params).toString()}`);
  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const download = (body: unknown) =>
    fetch(`${zipper.base}/api/download-images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    site = await web.site('images.example', (req, res) => {
      const file = files.get(req.url ?? '/');
      if (!file) return void res.writeHead(404).end();
      const extension = /\.([a-z]+)$/.exec(req.url ?? '')?.[1] ?? 'png';
      res.writeHead(200, { 'content-type': TYPES[extension], etag: '"e1"' }).end(file);
    });
    pictures = await makePictures(site.url('/external.png'));
    for (const [name, bytes] of Object.entries(pictures)) {
      const extension =
        { jpeg: 'jpg', p3Jpeg: 'jpg', rotatedJpeg: 'jpg', cmykJpeg: 'jpg', transparentPng: 'png', huge: 'png' }[name] ??
        name;
      files.set(`/${name}.${name === 'animatedGif' ? 'gif' : name === 'animatedWebp' ? 'webp' : extension}`, bytes);
    }
    files.set('/external.png', pictures.transparentPng);
    // A TIFF's size is not read from its header but by sharp: stored 40×20, shown 20×40 like the JPEG.
    files.set(
      '/rotatedTiff.tif',
      await sharp({ create: { width: 40, height: 20, channels: 3, background: '#3c3' } })
        .withMetadata({ orientation: 6 })
        .tiff()
        .toBuffer(),
    );
    files.set('/corrupt.webp', Buffer.concat([pictures.webp.subarray(0, 40), Buffer.alloc(400, 7)]));
    files.set('/corrupt.jpg', Buffer.concat([pictures.jpeg.subarray(0, 600), Buffer.alloc(400, 7)]));
    zipper = await startZipper(web, { IMAGE_MAX_PIXELS: String(4_000_000), IMAGE_MAX_BYTES: String(4 * 1024 * 1024) });
  });

  afterAll(async () => {
    await zipper.close();
    await web.close();
  });

  it.each([
    ['/jpeg.jpg', 'png', 'image/png', 'png'],
    ['/jpeg.jpg', 'webp', 'image/webp', 'webp'],
    ['/jpeg.jpg', 'avif', 'image/avif', 'heif'],
    ['/webp.webp', 'png', 'image/png', 'png'],
    ['/webp.webp', 'jpeg', 'image/jpeg', 'jpeg'],
    ['/webp.webp', 'avif', 'image/avif', 'heif'],
    ['/avif.avif', 'jpeg', 'image/jpeg', 'jpeg'],
    ['/avif.avif', 'png', 'image/png', 'png'],
    ['/avif.avif', 'webp', 'image/webp', 'webp'],
    ['/transparentPng.png', 'webp', 'image/webp', 'webp'],
    ['/animatedGif.gif', 'jpeg', 'image/jpeg', 'jpeg'],
  ])('GET %s&format=%s answers %s, decodable', async (path, format, type, decoded) => {
    const res = await proxy({ url: site.url(path), format });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('etag')).toBe(`W/"e1-as.${format}"`);
    expect((await sharp(await bytesOf(res)).metadata()).format).toBe(decoded);
  });

  it('passes a picture already in the asked format through untouched: the same bytes', async () => {
    for (const [path, format, bytes] of [
      ['/jpeg.jpg', 'jpeg', pictures.jpeg],
      ['/jpeg.jpg', 'jpg', pictures.jpeg],
      ['/webp.webp', 'webp', pictures.webp],
      ['/avif.avif', 'avif', pictures.avif],
      ['/transparentPng.png', 'png', pictures.transparentPng],
      ['/animatedWebp.webp', 'original', pictures.animatedWebp],
    ] as const) {
      const res = await proxy({ url: site.url(path), format });
      expect(res.headers.get('etag')).toBe('"e1"');
      expect((await bytesOf(res)).equals(bytes)).toBe(true);
    }
  });

  it('names a converted download with the extension of its new format', async () => {
    const res = await proxy({ url: site.url('/webp.webp'), format: 'png', download: '1' });
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="images\.example-webp-\d{4}-\d\d-\d\d\.png"/,
    );
  });

  it('keeps an animation in WebP and saves its first frame in PNG, JPEG and AVIF, saying so', async () => {
    const toWebp = await proxy({ url: site.url('/animatedGif.gif'), format: 'webp' });
    expect(toWebp.headers.get('x-pixtract-first-frame')).toBeNull();
    expect(await sharp(await bytesOf(toWebp)).metadata()).toMatchObject({ format: 'webp', pages: 3 });
    for (const [path, format] of [
      ['/animatedGif.gif', 'png'],
      ['/animatedWebp.webp', 'jpeg'],
      ['/animatedWebp.webp', 'avif'],
    ]) {
      const res = await proxy({ url: site.url(path), format });
      expect(res.headers.get('x-pixtract-first-frame')).toBe('1');
      const bytes = await bytesOf(res);
      expect((await sharp(bytes).metadata()).pages ?? 1).toBe(1);
      // The first frame is the red one.
      const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200);
      expect(data[1]).toBeLessThan(60);
    }
  });

  it('renders an SVG to PNG at its own size without fetching its external reference', async () => {
    const requestsBefore = site.requests.filter((path) => path === '/external.png').length;
    const res = await proxy({ url: site.url('/svg.svg'), format: 'png' });
    expect(res.status).toBe(200);
    expect(await sharp(await bytesOf(res)).metadata()).toMatchObject({ format: 'png', width: 30, height: 15 });
    expect(site.requests.filter((path) => path === '/external.png').length).toBe(requestsBefore);
  });

  it('puts transparency onto white in a JPEG', async () => {
    const res = await proxy({ url: site.url('/transparentPng.png'), format: 'jpeg' });
    const { data, info } = await sharp(await bytesOf(res))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
  });

  it('applies the EXIF orientation and keeps the colour profile', async () => {
    const rotated = await sharp(
      await bytesOf(await proxy({ url: site.url('/rotatedJpeg.jpg'), format: 'png' })),
    ).metadata();
    expect(rotated).toMatchObject({ width: 20, height: 40 });
    expect(rotated.orientation ?? 1).toBe(1);
    const p3 = await sharp(await bytesOf(await proxy({ url: site.url('/p3Jpeg.jpg'), format: 'webp' }))).metadata();
    expect(p3.icc).toBeDefined();
    // The profile's description is UTF-16: "P 3" with NULs between.
    expect(p3.icc!.toString('latin1').replace(/\0/g, '')).toMatch(/P3/);
  });

  it('converts a CMYK JPEG to RGB through its profile (red stays red)', async () => {
    const res = await proxy({ url: site.url('/cmykJpeg.jpg'), format: 'png' });
    const bytes = await bytesOf(res);
    expect((await sharp(bytes).metadata()).space).toBe('srgb');
    const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(80);
    expect(data[2]).toBeLessThan(80);
  });

  it('refuses what cannot be converted in plain words, and a bad format with a 400', async () => {
    const corrupt = await proxy({ url: site.url('/corrupt.jpg'), format: 'png' });
    expect(corrupt.status).toBe(415);
    expect(((await corrupt.json()) as { message: string }).message).toBe('This image could not be decoded.');
    const huge = await proxy({ url: site.url('/huge.png'), format: 'jpeg' });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toBe(
      'This image has more than 4,000,000 pixels: too large to convert.',
    );
    const bad = await proxy({ url: site.url('/jpeg.jpg'), format: 'bmp' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(
      'format must be one of original, png, jpeg, webp or avif.',
    );
    const badZip = await download({ imageUrls: [site.url('/jpeg.jpg')], format: 'tiff' });
    expect(badZip.status).toBe(400);
  });

  it('names a single download from the naming pattern, {w} and {h} read from the saved image', async () => {
    const res = await proxy({
      url: site.url('/rotatedJpeg.jpg'),
      sourceUrl: 'https://www.shop.example/foxes/red',
      format: 'png',
      download: '1',
      naming: '{n}-{alt}-{w}x{h}-{host}-{page}-{name}',
      n: '7',
      alt: 'Red fox!',
    });
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="007-Red_fox-20x40-www_shop_example-foxes_red-rotatedJpeg.png"; filename*=UTF-8''007-Red_fox-20x40-www_shop_example-foxes_red-rotatedJpeg.png`,
    );
    const unknownToken = await proxy({ url: site.url('/jpeg.jpg'), download: '1', naming: '{n}-{colour}' });
    expect(unknownToken.status).toBe(400);
  });

  it('sizes a rotated picture kept as it is at the size it is shown at, like its conversion', async () => {
    const single = await proxy({ url: site.url('/rotatedJpeg.jpg'), format: 'jpeg', download: '1', naming: '{w}x{h}' });
    expect(await bytesOf(single)).toEqual(pictures.rotatedJpeg);
    expect(single.headers.get('content-disposition')).toContain('filename="20x40.jpg"');
    const res = await download({
      imageUrls: [site.url('/rotatedJpeg.jpg'), site.url('/rotatedTiff.tif')],
      naming: '{n}-{w}x{h}',
    });
    const archive = await openArchive(await bytesOf(res));
    try {
      expect(archive.names.filter((name) => name.startsWith('images/'))).toEqual([
        'images/001-20x40.jpg',
        'images/002-20x40.tiff',
      ]);
      const manifest = JSON.parse(await archive.text('manifest.json')) as {
        images: Array<{ width: number; height: number }>;
      };
      expect(manifest.images.map(({ width, height }) => [width, height])).toEqual([
        [20, 40],
        [20, 40],
      ]);
    } finally {
      await archive.dispose();
    }
  });

  it('saves a whole ZIP in one format: converted, passed through, first frames noted, failures listed', async () => {
    const res = await download({
      imageUrls: [
        { fileUrl: site.url('/webp.webp'), alt: 'Green leaf' },
        { fileUrl: site.url('/jpeg.jpg'), alt: 'Already JPEG' },
        { fileUrl: site.url('/animatedGif.gif') },
        { fileUrl: site.url('/transparentPng.png'), alt: 'Logo' },
        site.url('/corrupt.webp'),
        site.url('/huge.png'),
      ],
      format: 'jpeg',
    });
    expect(res.status).toBe(200);
    const archive = await openArchive(await bytesOf(res));
    try {
      expect(archive.tested).toBe(true);
      expect(archive.names.filter((name) => name.startsWith('images/'))).toEqual([
        'images/001-Green_leaf.jpg',
        'images/002-Already_JPEG.jpg',
        'images/003-animatedGif.jpg',
        'images/004-Logo.jpg',
      ]);
      expect((await archive.read('images/002-Already_JPEG.jpg')).equals(pictures.jpeg)).toBe(true);
      for (const name of ['images/001-Green_leaf.jpg', 'images/003-animatedGif.jpg', 'images/004-Logo.jpg'])
        expect((await sharp(await archive.read(name)).metadata()).format).toBe('jpeg');
      const manifest = JSON.parse(await archive.text('manifest.json')) as {
        images: Array<{ file: string; type: string; firstFrameOnly?: boolean }>;
      };
      expect(manifest.images.map((image) => [image.type, image.firstFrameOnly ?? false])).toEqual([
        ['image/jpeg', false],
        ['image/jpeg', false],
        ['image/jpeg', true],
        ['image/jpeg', false],
      ]);
      expect((await archive.text('failed-downloads.txt')).split('\n').filter(Boolean)).toEqual([
        `${site.url('/corrupt.webp')}\tThis image could not be decoded.`,
        `${site.url('/huge.png')}\tThis image has more than 4,000,000 pixels: too large to convert.`,
      ]);
    } finally {
      await archive.dispose();
    }
  });

  it("takes the page's own rendition in the asked format instead of converting another", async () => {
    const res = await download({
      imageUrls: [
        {
          fileUrl: site.url('/webp.webp'),
          width: 64,
          variants: [
            { fileUrl: site.url('/avif.avif'), width: 64 },
            { fileUrl: site.url('/jpeg.jpg'), width: 64 },
          ],
        },
      ],
      format: 'jpeg',
    });
    const archive = await openArchive(await bytesOf(res));
    try {
      expect((await archive.read('images/001-webp.jpg')).equals(pictures.jpeg)).toBe(true);
    } finally {
      await archive.dispose();
    }
  });

  it('names entries from the naming pattern, each name once even when the pattern repeats one', async () => {
    const res = await download({
      imageUrls: [
        { fileUrl: site.url('/jpeg.jpg'), alt: 'Fox' },
        { fileUrl: site.url('/webp.webp'), alt: 'Fox' },
        { fileUrl: site.url('/avif.avif'), alt: 'Fox' },
      ],
      sourceUrl: 'https://gallery.example/animals',
      format: 'png',
      naming: '{alt}-{w}x{h}-{host}',
    });
    const archive = await openArchive(await bytesOf(res));
    try {
      expect(archive.names.filter((name) => name.startsWith('images/'))).toEqual([
        'images/Fox-64x48-gallery_example.png',
        'images/Fox-64x48-gallery_example-2.png',
        'images/Fox-64x48-gallery_example-3.png',
      ]);
    } finally {
      await archive.dispose();
    }
  });
});
