import { solidPng } from '@pixtract/testing';
import { readImageHeader } from './image-header';

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');

describe('readImageHeader', () => {
  it('reads PNG, GIF, JPEG, WebP, BMP, ICO and SVG sizes from the first bytes', () => {
    expect(readImageHeader(solidPng(37, 21))).toEqual({ mimeType: 'image/png', width: 37, height: 21 });
    expect(readImageHeader(Buffer.from('GIF89a\x0a\x00\x05\x00', 'latin1'))).toEqual({ mimeType: 'image/gif', width: 10, height: 5 });
    // SOI, an APP0 segment, then SOF0 with height 0x0102 and width 0x0304.
    expect(readImageHeader(hex('ffd8 ffe0 0004 0000 ffc0 0011 08 0102 0304 03'))).toEqual({ mimeType: 'image/jpeg', width: 772, height: 258 });
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
    expect(readImageHeader(hex('00000100 0100 2000'))).toEqual({ mimeType: 'image/x-icon', width: 32, height: 256 });
    expect(readImageHeader(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"></svg>'))).toEqual({ mimeType: 'image/svg+xml', width: 40, height: 30 });
  });

  it('answers undefined for what is not an image, whatever its name', () => {
    expect(readImageHeader(Buffer.from('<!doctype html><html></html>'))).toBeUndefined();
    expect(readImageHeader(Buffer.alloc(0))).toBeUndefined();
  });
});
