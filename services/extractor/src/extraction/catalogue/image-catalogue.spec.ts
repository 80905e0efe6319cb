import type { FoundImage } from '../collectors/image-collector.interface';
import {
  catalogue,
  CataloguedImage,
  markSameBytes,
  markSameFamily,
  matchesFileTypes,
  toExtractedFile,
  withoutTinyImages,
} from './image-catalogue';
import { normaliseImageUrl } from '../image-address/image-url.util';

const found = (url: string, domIndex: number, extra: Partial<FoundImage> = {}): FoundImage => ({
  url,
  domIndex,
  sourceNode: 'img',
  ...extra,
});

describe('catalogue', () => {
  it('orders by document position and keeps every occurrence, flagging the repeats', () => {
    const images = catalogue([
      found('https://a.test/2.png', 20),
      found('https://a.test/1.png', 5, { sourceNode: 'srcset' }),
      found('https://a.test/1.png', 30, { alt: 'again' }),
    ]);
    expect(images.map(({ url, duplicate, domIndex }) => [url, duplicate, domIndex])).toEqual([
      ['https://a.test/1.png', false, 5],
      ['https://a.test/2.png', false, 20],
      ['https://a.test/1.png', true, 30],
    ]);
  });

  it('drops noise URLs and lets the network add only images the DOM did not name', () => {
    const images = catalogue([
      found('https://a.test/big.png', 1, { variants: ['https://a.test/small.png'] }),
      found('https://a.test/spinner.gif', 2),
      found('https://a.test/small.png', 100, { sourceNode: 'network' }),
      found('https://a.test/big.png', 101, { sourceNode: 'network', mimeType: 'image/png', bytes: 1234 }),
      found('https://a.test/xhr.webp', 102, { sourceNode: 'network' }),
    ]);
    expect(images.map(({ url, sourceNode, mimeType, bytes }) => [url, sourceNode, mimeType, bytes])).toEqual([
      ['https://a.test/big.png', 'img', 'image/png', 1234],
      ['https://a.test/xhr.webp', 'network', undefined, undefined],
    ]);
  });

  it("flags a sighting of another image's smaller rendition as a repeat, wherever it stands", () => {
    const images = catalogue([
      found('https://a.test/hero-1024.jpg', 1, { sourceNode: 'preload' }),
      found('https://a.test/hero-2048.jpg', 5, { sourceNode: 'srcset', variants: ['https://a.test/hero-1024.jpg'] }),
      found('https://a.test/other.jpg', 9, { sourceNode: 'noscript' }),
    ]);
    expect(images.map(({ url, duplicate }) => [url, duplicate])).toEqual([
      ['https://a.test/hero-1024.jpg', true],
      ['https://a.test/hero-2048.jpg', false],
      ['https://a.test/other.jpg', false],
    ]);
  });

  it('leaves out stand-ins, and the network responses that bring them back', () => {
    const images = catalogue([
      found('https://a.test/blur.jpg', 1, { standIn: true }),
      found('https://a.test/real.jpg', 2),
      found('https://a.test/blur.jpg', 100, { sourceNode: 'network' }),
    ]);
    expect(images.map(({ url }) => url)).toEqual(['https://a.test/real.jpg']);
  });

  it('counts the place the page shows an image, not the metadata naming it earlier', () => {
    const images = catalogue([
      found('https://a.test/logo.png', 1, { sourceNode: 'meta' }),
      found('https://a.test/logo.png', 2, { sourceNode: 'json-ld' }),
      found('https://a.test/share.png', 3, { sourceNode: 'meta' }),
      found('https://a.test/logo.png', 9, { alt: 'Logo' }),
      found('https://a.test/logo.png', 12, { sourceNode: 'css-background' }),
    ]);
    expect(images.map(({ url, sourceNode, duplicate }) => [url, sourceNode, duplicate])).toEqual([
      ['https://a.test/logo.png', 'meta', true],
      ['https://a.test/logo.png', 'json-ld', true],
      ['https://a.test/share.png', 'meta', false],
      ['https://a.test/logo.png', 'img', false],
      ['https://a.test/logo.png', 'css-background', true],
    ]);
  });

  it('flags a thumbnail with its own srcset inside the link to its original, and keeps the earlier of two pictures naming each other', () => {
    const images = catalogue([
      found('https://a.test/original.jpg', 1, {
        sourceNode: 'link',
        variants: ['https://a.test/thumb-480.jpg', 'https://a.test/thumb-240.jpg'],
      }),
      found('https://a.test/thumb-480.jpg', 2, { sourceNode: 'srcset', variants: ['https://a.test/thumb-240.jpg'] }),
      found('https://a.test/a.webp', 3, { sourceNode: 'picture', variants: ['https://a.test/a.jpg'] }),
      found('https://a.test/a.jpg', 4, { variants: ['https://a.test/a.webp'] }),
    ]);
    expect(images.map(({ url, duplicate, renditionOf }) => [url, duplicate, renditionOf])).toEqual([
      ['https://a.test/original.jpg', false, undefined],
      ['https://a.test/thumb-480.jpg', true, normaliseImageUrl('https://a.test/original.jpg')],
      ['https://a.test/a.webp', false, undefined],
      ['https://a.test/a.jpg', true, normaliseImageUrl('https://a.test/a.webp')],
    ]);
  });
});

describe('normaliseImageUrl', () => {
  it('treats percent-encoding variants of unreserved characters, and http and https, as one URL', () => {
    expect(normaliseImageUrl('https://a.test/a%2db%7E.png?q=%2f')).toBe(
      normaliseImageUrl('http://a.test/a-b~.png?q=%2F'),
    );
    expect(normaliseImageUrl('http://a.test/a.png')).not.toBe(normaliseImageUrl('http://b.test/a.png'));
  });
});

describe('markSameBytes', () => {
  it('flags a later image with the same fingerprint under another URL', () => {
    const images = catalogue([
      found('https://a.test/a.png', 1),
      found('https://b.test/copy.png', 2),
      found('https://a.test/other.png', 3),
    ]);
    markSameBytes(images, (key) => (key.includes('other') ? 'f2' : 'f1'));
    expect(images.map((image) => image.duplicate)).toEqual([false, true, false]);
  });

  it('keeps the file with an address of its own over an earlier data: copy of the same bytes', () => {
    const drawing = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>').toString('base64')}`;
    const images = catalogue([found(drawing, 1), found('https://a.test/page.svg', 2)]);
    markSameBytes(images, () => 'f1');
    expect(images.map((image) => image.duplicate)).toEqual([true, false]);
  });

  it('keeps the file listed over an earlier rendition of it with the same bytes (renditions are measured too)', () => {
    const images = catalogue([
      found('https://a.test/thumb.png', 1, { renditionOf: 'https://a.test/full.png' }),
      found('https://a.test/full.png', 2),
    ]);
    markSameBytes(images, () => 'f1');
    expect(images.map((image) => [image.url, image.duplicate])).toEqual([
      ['https://a.test/thumb.png', true],
      ['https://a.test/full.png', false],
    ]);
  });
});

describe('markSameFamily', () => {
  it("keeps a CDN's largest copy of a picture as the image and flags the smaller ones, wherever they appear", () => {
    const upload = 'https://blog.test/wp-content/uploads/2024/05/';
    const images = catalogue([
      found(`${upload}bridge-300x200.jpg`, 1),
      found(`${upload}tower.jpg`, 2),
      found(`${upload}bridge.jpg`, 3),
      found(`${upload}bridge-1024x683.jpg`, 4),
    ]);
    const sizes = [300, 800, 2048, 1024];
    images.forEach((image, n) => Object.assign(image, { width: sizes[n], height: sizes[n] }));
    markSameFamily(images);
    expect(images.map(({ duplicate, renditionOf }) => [duplicate, renditionOf])).toEqual([
      [true, `${upload}bridge.jpg`.replace('https:', 'http:')],
      [false, undefined],
      [false, undefined],
      [true, `${upload}bridge.jpg`.replace('https:', 'http:')],
    ]);
  });

  it('leaves repeats alone and, of copies with no size known, keeps the first', () => {
    const shop = 'https://cdn.shopify.com/s/files/1/0/files/shoe.jpg';
    const images = catalogue([
      found(`${shop}?width=400`, 1),
      found(`${shop}?width=400`, 2),
      found(`${shop}?width=800`, 3),
    ]);
    markSameFamily(images);
    expect(images.map((image) => image.duplicate)).toEqual([false, true, true]);
  });
});

describe('matchesFileTypes', () => {
  it('matches by extension or MIME type, jpeg and jpg alike', () => {
    const [jpeg, webp] = catalogue([
      found('https://a.test/p.jpeg', 1),
      found('https://a.test/render?id=1', 2, { sourceNode: 'network', mimeType: 'image/webp' }),
    ]);
    expect([
      matchesFileTypes(jpeg, ['jpg']),
      matchesFileTypes(webp, ['webp']),
      matchesFileTypes(webp, ['image/png']),
      matchesFileTypes(webp, undefined),
    ]).toEqual([true, true, false, true]);
  });

  it.each([
    [['webp'], true],
    [['image/webp'], true],
    [['jpg'], false],
  ])(
    'goes by the bytes when they and the URL disagree: a .jpg that is really WebP, asked for %p, matches: %p',
    (fileTypes, expected) => {
      const [image] = catalogue([
        found('https://res.cloudinary.test/image/upload/f_auto/photo.jpg', 1, { mimeType: 'image/webp' }),
      ]);
      expect(matchesFileTypes(image, fileTypes)).toBe(expected);
    },
  );
});

describe('toExtractedFile', () => {
  it.each([
    ['https://res.cloudinary.test/image/upload/f_auto/photo.jpg', 'image/webp', 'webp'],
    ['https://static.wix.test/media/photo.jpg', 'image/avif', 'avif'],
    ['https://a.test/really-a.jpg', 'image/png', 'png'],
    ['https://a.test/photo.jpeg', 'image/jpeg', 'jpeg'],
    ['https://a.test/scan.tif', 'image/tiff', 'tif'],
    ['https://a.test/photo.heif', 'image/heic', 'heif'],
    ['https://a.test/photo.jxl', 'image/jxl', 'jxl'],
    ['https://a.test/logo.png', undefined, 'png'],
  ])(
    "names %s, measured as %p, with extension %p: the bytes' type wins over a URL that disagrees",
    (url, mimeType, extension) => {
      const [image] = catalogue([found(url, 1, { mimeType })]);
      expect(toExtractedFile(image, 0, '2026-01-01T00:00:00.000Z').extension).toBe(extension);
    },
  );

  it("describes the image in the contract's words, extension from the MIME type when the URL has none", () => {
    const [image] = catalogue([
      found('https://a.test/render?id=1', 4, {
        alt: 'A',
        width: 3,
        height: 4,
        mimeType: 'image/webp',
        bytes: 99,
        box: { x: 1.4, y: 2.6, width: 30, height: 40 },
      }),
    ]);
    expect(toExtractedFile(image, 0, '2026-01-01T00:00:00.000Z')).toEqual({
      fileUrl: 'https://a.test/render?id=1',
      fileType: 'image',
      alt: 'A',
      width: 3,
      height: 4,
      mimeType: 'image/webp',
      extension: 'webp',
      size: 99,
      position: 0,
      extractedTime: '2026-01-01T00:00:00.000Z',
      sourceNode: 'img',
      duplicate: false,
      kind: 'icon',
      box: { x: 1, y: 3, width: 30, height: 40 },
    });
  });
});

describe('withoutTinyImages', () => {
  const measured = (url: string, width: number, height: number, box?: CataloguedImage['box']): CataloguedImage => ({
    url,
    domIndex: 1,
    sourceNode: 'css-background',
    key: url,
    duplicate: false,
    width,
    height,
    ...(box && { box }),
  });
  const wide = { x: 0, y: 0, width: 1030, height: 580 };

  it('drops specks, and a tiny inlined picture blown up over its element (a blur-up preview), not a small file nor one shown near its size', () => {
    const kept = withoutTinyImages([
      measured('https://a.test/pixel.gif', 1, 1),
      measured('data:image/png;base64,AAAA', 20, 11, wide),
      measured('https://a.test/texture-20x11.png', 20, 11, wide),
      measured('data:image/png;base64,BBBB', 24, 24, { x: 0, y: 0, width: 24, height: 24 }),
      measured('data:image/png;base64,CCCC', 64, 36, wide),
      measured('data:image/png;base64,DDDD', 20, 11),
    ]);
    expect(kept.map((image) => image.url)).toEqual([
      'https://a.test/texture-20x11.png',
      'data:image/png;base64,BBBB',
      'data:image/png;base64,CCCC',
      'data:image/png;base64,DDDD',
    ]);
  });
});
