import sharp from 'sharp';
import { imageDimensions } from './image-dimensions.util';

const canvas = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 80, b: 20, alpha: 0.5 } } });

/** Splits bytes into chunks of `size`, as a socket would deliver them. */
const chunked = (bytes: Buffer, size: number) =>
  Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));

describe('image dimensions from the header', () => {
  it.each<[string, () => Promise<Buffer>]>([
    ['JPEG', () => canvas(321, 123).jpeg().toBuffer()],
    [
      'progressive JPEG with an ICC profile',
      () => canvas(300, 77).withIccProfile('p3').jpeg({ progressive: true }).toBuffer(),
    ],
    ['PNG', () => canvas(17, 4000).png().toBuffer()],
    ['GIF', () => canvas(65, 33).gif().toBuffer()],
    ['lossy WebP', () => canvas(99, 51).webp().toBuffer()],
    ['lossless WebP', () => canvas(98, 52).webp({ lossless: true }).toBuffer()],
    ['WebP with alpha (extended)', () => canvas(97, 53, 4).webp().toBuffer()],
    ['AVIF', () => canvas(64, 48).avif().toBuffer()],
  ])('reads %s as sharp does, even when the header spans chunks', async (_label, make) => {
    const bytes = await make();
    const { width, height } = await sharp(bytes).metadata();
    expect(await imageDimensions([bytes])).toEqual({ width, height });
    expect(await imageDimensions(chunked(bytes, 7))).toEqual({ width, height });
  });

  it('needs only the header itself for PNG, GIF and WebP (no decoder involved)', async () => {
    expect(await imageDimensions([(await canvas(17, 40).png().toBuffer()).subarray(0, 24)])).toEqual({
      width: 17,
      height: 40,
    });
    expect(await imageDimensions([(await canvas(65, 33).gif().toBuffer()).subarray(0, 10)])).toEqual({
      width: 65,
      height: 33,
    });
    expect(await imageDimensions([(await canvas(97, 53, 4).webp().toBuffer()).subarray(0, 30)])).toEqual({
      width: 97,
      height: 53,
    });
  });

  it('finds a JPEG frame behind a 40 KB EXIF block', async () => {
    const bytes = await canvas(210, 90).jpeg().toBuffer();
    const exif = Buffer.alloc(40_000 + 4);
    exif.writeUInt16BE(0xffe1, 0);
    exif.writeUInt16BE(40_000 + 2, 2);
    const padded = Buffer.concat([bytes.subarray(0, 2), exif, bytes.subarray(2)]);
    expect(await imageDimensions(chunked(padded, 16 * 1024))).toEqual({ width: 210, height: 90 });
  });

  it('answers nothing for bytes that are no readable image', async () => {
    expect(await imageDimensions([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4])])).toEqual({
      width: undefined,
      height: undefined,
    });
  });
});
