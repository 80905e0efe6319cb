import type { ElementRecord } from '../snapshot/page-snapshot';
import { lazyAttributes } from './lazy-attributes';
import { PictureCollector } from './picture.collector';

const BASE = 'https://example.com/';
const member = (index: number, tag: string, attrs: Record<string, string>): ElementRecord => ({
  index,
  tag,
  attrs,
  base: BASE,
  picture: 1,
});
const collect = (...elements: ElementRecord[]) =>
  new PictureCollector(lazyAttributes())
    .collect({ url: BASE, elements, stylesheets: [], network: [] })
    .map(({ url, sourceNode, renditionOf }) => [url.slice(BASE.length), sourceNode, renditionOf?.slice(BASE.length)]);

describe('PictureCollector', () => {
  it('reports the file the browser shows (first source for this screen and a type it decodes) and the rest as its renditions', () => {
    expect(
      collect(
        member(2, 'source', { media: '(max-width: 600px)', srcset: 'square-1x.jpg 1x, square-2x.jpg 2x' }),
        member(3, 'source', { type: 'image/jxl', srcset: 'wide.jxl' }),
        member(4, 'source', { type: 'image/avif', srcset: 'wide-1200.avif 1200w, wide-2400.avif 2400w' }),
        member(5, 'source', { type: 'image/webp', srcset: 'wide.webp' }),
        member(6, 'img', { src: 'wide.jpg', alt: 'Wide' }),
      ),
    ).toEqual([
      ['square-2x.jpg', 'picture', 'wide-2400.avif'],
      ['wide.jxl', 'picture', 'wide-2400.avif'],
      ['wide-2400.avif', 'picture', undefined],
      ['wide.webp', 'picture', 'wide-2400.avif'],
      ['wide.jpg', 'img', 'wide-2400.avif'],
    ]);
  });

  it("lists the file shown with the <img>'s alt and place on the page", () => {
    const box = { x: 10, y: 20, width: 355, height: 250 };
    const [shown] = new PictureCollector(lazyAttributes()).collect({
      url: BASE,
      elements: [
        member(2, 'source', { type: 'image/webp', srcset: 'photo-710.webp 1x, photo-1420.webp 2x' }),
        { ...member(3, 'img', { src: 'photo-355.jpg', alt: 'Harbour at dusk' }), box },
      ],
      stylesheets: [],
      network: [],
    });
    expect(shown).toMatchObject({ url: `${BASE}photo-1420.webp`, alt: 'Harbour at dusk', box });
  });

  it('counts the <img> as the picture when no source applies, and reads lazy sources', () => {
    expect(
      collect(
        member(2, 'source', { media: 'print', srcset: 'print.png' }),
        member(3, 'source', { 'data-srcset': 'lazy.webp', type: 'image/webp', media: '(min-width: 2000px)' }),
        member(4, 'img', { 'data-src': 'real.jpg', src: 'data:image/gif;base64,R0lGOD' }),
      ),
    ).toEqual([
      ['print.png', 'picture', 'real.jpg'],
      ['lazy.webp', 'picture', 'real.jpg'],
      ['real.jpg', 'lazy', undefined],
    ]);
  });
});
