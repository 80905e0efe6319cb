import { solidPng } from '@pixtract/testing';
import { dataUriBytes, dataUriImage, dataUriMimeType } from './data-uri.util';

describe('dataUriBytes', () => {
  it('decodes base64 and percent-encoded payloads', () => {
    expect(dataUriBytes('data:image/svg+xml,%3Csvg%3E')?.toString()).toBe('<svg>');
    expect(dataUriBytes(`data:image/png;base64,${solidPng(2, 3).toString('base64')}`)).toEqual(solidPng(2, 3));
  });

  it('keeps a % that starts no escape, as browsers do', () => {
    expect(dataUriBytes("data:image/svg+xml;utf8,<svg width='100%'>%E2%9C%93")?.toString()).toBe("<svg width='100%'>✓");
  });
});

describe('dataUriMimeType', () => {
  it.each([
    ['data:image/SVG+xml;charset=utf-8,%3Csvg%3E', 'image/svg+xml'],
    ['data:image/png;base64,iVBOR', 'image/png'],
    ['data:,text', ''],
  ])('%s is %s', (uri, mimeType) => {
    expect(dataUriMimeType(uri)).toBe(mimeType);
  });
});

describe('dataUriImage', () => {
  it('reads the header of the image a data: URI holds', () => {
    expect(dataUriImage(`data:image/png;base64,${solidPng(2, 3).toString('base64')}`)?.header).toEqual({
      mimeType: 'image/png',
      width: 2,
      height: 3,
    });
    expect(
      dataUriImage(
        "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='4' height='5'><path d='M0 0h4'/></svg>",
      )?.header,
    ).toEqual({ mimeType: 'image/svg+xml', width: 4, height: 5 });
  });

  it.each(['data:image/png;base64,!!!', 'data:image/jpeg;base64,', 'data:image/gif,GIF', 'data:image/png;base64'])(
    'holds no image in %s: bytes without a readable header',
    (uri) => {
      expect(dataUriImage(uri)).toBeUndefined();
    },
  );

  it('keeps SVG text whose header is not recognised: a DOCTYPE with entities', () => {
    const svg =
      '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "svg11.dtd" [<!ENTITY ns "http://ns.adobe.com/Extensibility/1.0/">]><svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h4"/></svg>';
    expect(dataUriImage(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`)).toEqual({
      bytes: Buffer.from(svg),
      header: undefined,
    });
  });
});
