import { solidPng } from '@pixtract/testing';
import { readImageHeader } from './image-header';

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');

/** An ICO file: its header, one 16-byte directory entry per [width, height] (0 meaning 256), then `payload`. */
function icon(sizes: Array<[number, number]>, payload: Buffer = Buffer.alloc(0)): Buffer {
  const directory = Buffer.alloc(6 + 16 * sizes.length);
  directory.writeUInt16LE(1, 2);
  directory.writeUInt16LE(sizes.length, 4);
  sizes.forEach(([width, height], i) => {
    directory[6 + 16 * i] = width;
    directory[7 + 16 * i] = height;
    directory.writeUInt32LE(directory.length, 18 + 16 * i);
  });
  return Buffer.concat([directory, payload]);
}

/** An ISO-BMFF `ftyp` box: major brand, minor version 0, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
}

/**
 * A JPEG stored 772×258 (SOF0) whose APP1 EXIF block holds one IFD entry, Orientation = `orientation`, written in
 * `order` ('II' little-endian, 'MM' big-endian).
 */
function orientedJpeg(orientation: number, order: 'II' | 'MM'): Buffer {
  const tiff = Buffer.alloc(26);
  const u16 = (value: number, at: number) =>
    order === 'II' ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at);
  tiff.write(order, 0, 'latin1');
  u16(42, 2);
  if (order === 'II') tiff.writeUInt32LE(8, 4);
  else tiff.writeUInt32BE(8, 4);
  u16(1, 8); // one entry
  u16(0x0112, 10); // Orientation
  u16(3, 12); // SHORT
  if (order === 'II') tiff.writeUInt32LE(1, 14);
  else tiff.writeUInt32BE(1, 14);
  u16(orientation, 18);
  const app1 = Buffer.concat([hex('ffe1 0000'), Buffer.from('Exif\0\0', 'latin1'), tiff]);
  app1.writeUInt16BE(app1.length - 2, 2);
  return Buffer.concat([hex('ffd8'), app1, hex('ffc0 0011 08 0102 0304 03')]);
}

describe('readImageHeader', () => {
  it('reads PNG, GIF, JPEG, WebP, BMP, ICO and SVG sizes from the first bytes', () => {
    expect(readImageHeader(solidPng(37, 21))).toEqual({ mimeType: 'image/png', width: 37, height: 21 });
    expect(readImageHeader(Buffer.from('GIF89a\x0a\x00\x05\x00', 'latin1'))).toEqual({
      mimeType: 'image/gif',
      width: 10,
      height: 5,
    });
    // SOI, an APP0 segment, then SOF0 with height 0x0102 and width 0x0304.
    expect(readImageHeader(hex('ffd8 ffe0 0004 0000 ffc0 0011 08 0102 0304 03'))).toEqual({
      mimeType: 'image/jpeg',
      width: 772,
      height: 258,
    });
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUIntLE(639, 24, 3);
    vp8x.writeUIntLE(479, 27, 3);
    expect(readImageHeader(vp8x)).toEqual({ mimeType: 'image/webp', width: 640, height: 480 });
    const bmp = Buffer.alloc(26);
    bmp.write('BM', 0, 'latin1');
    bmp.writeInt32LE(12, 18);
    bmp.writeInt32LE(-7, 22);
    expect(readImageHeader(bmp)).toEqual({ mimeType: 'image/bmp', width: 12, height: 7 });
    expect(readImageHeader(icon([[32, 0]]))).toEqual({ mimeType: 'image/x-icon', width: 32, height: 256 });
    expect(
      readImageHeader(
        Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"></svg>'),
      ),
    ).toEqual({ mimeType: 'image/svg+xml', width: 40, height: 30 });
  });

  it.each([
    [6, 'MM', 258, 772],
    [8, 'II', 258, 772],
    [5, 'II', 258, 772],
    [3, 'MM', 772, 258],
    [1, 'II', 772, 258],
  ] as const)(
    'gives a JPEG with EXIF orientation %i (%s) the size it is shown at',
    (orientation, order, width, height) => {
      expect(readImageHeader(orientedJpeg(orientation, order))).toEqual({ mimeType: 'image/jpeg', width, height });
    },
  );

  it.each([
    [
      'a favicon with 16, 48 and 32 px entries',
      icon([
        [16, 16],
        [48, 48],
        [32, 32],
      ]),
      48,
      48,
    ],
    [
      'PNG-compressed 256 px entry, sized 0 in the directory',
      icon(
        [
          [16, 16],
          [0, 0],
        ],
        solidPng(256, 256),
      ),
      256,
      256,
    ],
    [
      'probe cut short in the third entry',
      icon([
        [16, 16],
        [32, 32],
        [64, 64],
      ]).subarray(0, 6 + 16 * 2 + 8),
      32,
      32,
    ],
  ])('measures an ICO by its largest directory entry: %s', (_case, bytes, width, height) => {
    expect(readImageHeader(bytes)).toEqual({ mimeType: 'image/x-icon', width, height });
  });

  it('leaves an ICO unmeasured when no directory entry was read whole', () => {
    expect(readImageHeader(icon([[32, 32]]).subarray(0, 12))).toEqual({ mimeType: 'image/x-icon' });
  });

  it.each([
    ['avif', ftyp('avif', 'mif1', 'miaf'), 'image/avif'],
    ['mif1 naming avif among its compatible brands', ftyp('mif1', 'avif', 'miaf'), 'image/avif'],
    ['miaf naming avif among its compatible brands', ftyp('miaf', 'avif'), 'image/avif'],
    ['mif1 naming heic', ftyp('mif1', 'heic'), 'image/heic'],
    ['heic', ftyp('heic', 'mif1'), 'image/heic'],
  ])('tells AVIF from HEIC by the ftyp brands: %s', (_case, bytes, mimeType) => {
    expect(readImageHeader(bytes)).toEqual({ mimeType });
  });

  it('answers undefined for what is not an image, whatever its name', () => {
    expect(readImageHeader(Buffer.from('<!doctype html><html></html>'))).toBeUndefined();
    expect(readImageHeader(Buffer.alloc(0))).toBeUndefined();
  });
});
