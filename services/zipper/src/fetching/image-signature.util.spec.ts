import { solidPng } from '@pixtract/testing';
import { declaredAndSniffedAgree, sniffImageFormat } from './image-signature.util';

const bytes = (...values: Array<number | string>) =>
  Buffer.concat(
    values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))),
  );

describe('image signatures', () => {
  it.each([
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF')],
    ['png', solidPng(2, 2)],
    ['gif', bytes('GIF89a', 1, 0, 1, 0)],
    ['webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 ')],
    ['avif', bytes(0, 0, 0, 0x1c, 'ftypavif')],
    ['avif', bytes(0, 0, 0, 0x18, 'ftypmif1', 0, 0, 0, 0, 'mif1avif')],
    [
      'svg',
      Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
  ])('recognises %s', (format, head) => {
    expect(sniffImageFormat(head)).toBe(format);
  });

  it.each([
    ['HTML', Buffer.from('<!doctype html><html><svg></svg></html>')],
    ['a script', Buffer.from('alert(1)')],
    ['a HEIC photo', bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0, 0, 0, 'mif1heic')],
    ['nothing', Buffer.alloc(0)],
  ])('recognises no image in %s', (_label, head) => {
    expect(sniffImageFormat(head)).toBeUndefined();
  });

  it('requires an image/* type that fits the bytes, and an SVG to say image/svg+xml', () => {
    expect(declaredAndSniffedAgree('image/jpeg; charset=binary', 'png')).toBe(true);
    expect(declaredAndSniffedAgree('text/html', 'png')).toBe(false);
    expect(declaredAndSniffedAgree('image/png', undefined)).toBe(false);
    expect(declaredAndSniffedAgree('image/png', 'svg')).toBe(false);
    expect(declaredAndSniffedAgree('Image/SVG+XML', 'svg')).toBe(true);
  });
});
