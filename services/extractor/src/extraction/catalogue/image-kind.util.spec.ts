import type { FoundImage } from '../collectors/image-collector.interface';
import { kindOf } from './image-kind.util';

const image = (url: string, extra: Partial<FoundImage> = {}): FoundImage => ({
  url,
  domIndex: 0,
  sourceNode: 'img',
  ...extra,
});

describe('kindOf', () => {
  it.each<[string, FoundImage]>([
    ['a favicon at any size', image('https://a.test/icon-512.png', { sourceNode: 'icon', width: 512, height: 512 })],
    ['a picture at most 48 px each way', image('https://a.test/cart.png', { width: 48, height: 24 })],
    [
      'an unmeasured picture drawn in a 24 px box',
      image('https://a.test/cart.png', { box: { x: 0, y: 0, width: 24, height: 24 } }),
    ],
    [
      'an inline SVG glyph',
      image('data:image/svg+xml;base64,PHN2Zy8+', { sourceNode: 'inline-svg', width: 20, height: 20 }),
    ],
  ])('an icon: %s', (_label, found) => {
    expect(kindOf(found)).toBe('icon');
  });

  it.each<[string, FoundImage]>([
    ['an SVG file', image('https://a.test/diagram.svg', { width: 300, height: 150 })],
    [
      'an SVG served under another name',
      image('https://a.test/render?id=1', { width: 300, height: 150, mimeType: 'image/svg+xml' }),
    ],
    [
      'a large inline SVG drawing',
      image('data:image/svg+xml;base64,PHN2Zy8+', { sourceNode: 'inline-svg', width: 320, height: 160 }),
    ],
    ['a logo by its name', image('https://a.test/brand/acme-logo@2x.png', { width: 240, height: 80 })],
    ['a logo by its alt', image('https://a.test/header.png', { width: 240, height: 80, alt: 'Acme logo' })],
    ['an illustration by its name', image('https://a.test/illustration_team.png', { width: 800, height: 600 })],
  ])('a graphic: %s', (_label, found) => {
    expect(kindOf(found)).toBe('graphic');
  });

  it.each<[string, FoundImage]>([
    ['a large picture', image('https://a.test/harbour.jpg', { width: 1200, height: 800, alt: 'Harbour at dusk' })],
    [
      'a thumbnail shown small but larger itself',
      image('https://a.test/harbour.jpg', { width: 320, height: 200, box: { x: 0, y: 0, width: 40, height: 25 } }),
    ],
    [
      'a name that only contains a word',
      image('https://a.test/photograph-of-a-charter-boat.jpg', { width: 1200, height: 800 }),
    ],
    ['an unmeasured picture with no box', image('https://a.test/harbour.jpg')],
  ])('a photo: %s', (_label, found) => {
    expect(kindOf(found)).toBe('photo');
  });
});
