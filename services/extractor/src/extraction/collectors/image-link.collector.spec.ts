import type { ElementRecord } from '../snapshot/page-snapshot';
import { ImageLinkCollector } from './image-link.collector';
import { lazyAttributes } from './lazy-attributes';

const BASE = 'https://example.com/gallery/';
const element = (
  index: number,
  tag: string,
  attrs: Record<string, string>,
  extra: Partial<ElementRecord> = {},
): ElementRecord => ({ index, tag, attrs, base: BASE, ...extra });
const collect = (...elements: ElementRecord[]) =>
  new ImageLinkCollector(lazyAttributes()).collect({ url: BASE, elements, stylesheets: [], network: [] });

describe('ImageLinkCollector', () => {
  it('reports links to image files, with the thumbnail inside as a rendition (its alt and place too)', () => {
    const box = { x: 10, y: 20, width: 200, height: 150 };
    expect(
      collect(
        element(1, 'a', { href: 'dunes.jpg' }),
        element(
          2,
          'img',
          { src: 'dunes-240.jpg', srcset: 'dunes-240.jpg 240w, dunes-480.jpg 480w', alt: 'Dunes' },
          { link: 1, box },
        ),
        element(3, 'a', { href: 'about.html' }),
        element(4, 'a', { href: 'plain.png', title: ' Plain ' }),
      ),
    ).toEqual([
      {
        url: 'https://example.com/gallery/dunes.jpg',
        sourceNode: 'link',
        domIndex: 1,
        alt: 'Dunes',
        box,
        variants: ['https://example.com/gallery/dunes-480.jpg', 'https://example.com/gallery/dunes-240.jpg'],
      },
      { url: 'https://example.com/gallery/plain.png', sourceNode: 'link', domIndex: 4, alt: 'Plain' },
    ]);
  });

  it("counts the files of a thumbnail's <picture> sources among the linked original's renditions", () => {
    const [original] = collect(
      element(1, 'a', { href: 'harbour-2400.jpeg' }),
      element(2, 'picture', {}),
      element(
        3,
        'source',
        { type: 'image/webp', srcset: 'harbour-728.webp 728w, harbour-1456.webp 1456w' },
        { picture: 2 },
      ),
      element(4, 'img', { src: 'harbour-728.jpeg', alt: 'Harbour' }, { link: 1, picture: 2 }),
    );
    expect(original.variants).toEqual(
      ['harbour-728.jpeg', 'harbour-728.webp', 'harbour-1456.webp'].map((file) => `${BASE}${file}`),
    );
  });

  it('reads where lightboxes keep the file (PhotoSwipe v4 and v5, Fancybox) and takes script URLs from lightbox links only', () => {
    expect(
      collect(
        element(1, 'a', { href: 'thumb.jpg', 'data-pswp-src': 'full.jpg', 'data-pswp-width': '2400' }),
        element(2, 'a', { 'data-fancybox': 'gallery', 'data-src': 'harbour.jpg', href: 'javascript:;' }),
        element(3, 'a', { class: 'image-link mfp-image', href: '/image?id=5' }),
        element(4, 'a', { href: '/image?id=6' }),
        element(5, 'a', { 'data-fancybox': '', 'data-src': '#inline-content', href: 'javascript:;' }),
        element(6, 'div', { 'data-src': 'sunset.jpg', 'data-lg-size': '2200-1467' }),
        element(7, 'div', { 'data-src': 'not-a-lightbox.jpg' }),
        element(8, 'a', { href: '/photo.php?id=7', itemprop: 'contentUrl', 'data-size': '1400x933' }),
        element(9, 'a', { href: '/page.php?id=8', 'data-size': 'large' }),
      ).map((image) => image.url),
    ).toEqual([
      'https://example.com/gallery/full.jpg',
      'https://example.com/gallery/harbour.jpg',
      'https://example.com/image?id=5',
      'https://example.com/gallery/sunset.jpg',
      'https://example.com/photo.php?id=7',
    ]);
  });

  it("reads a Webflow lightbox's JSON item, and ignores one that names no picture or is no JSON", () => {
    const item = (url: string, type = 'image') => JSON.stringify({ items: [{ url, type }], group: 'trip' });
    expect(
      collect(
        element(1, 'a', { href: '#', class: 'w-inline-block w-lightbox' }),
        element(2, 'img', { src: 'canyon-p-500.jpeg', alt: 'Canyon' }, { link: 1 }),
        element(
          3,
          'script',
          { type: 'application/json', class: 'w-json' },
          { link: 1, text: item('https://cdn.test/canyon.jpeg') },
        ),
        element(4, 'a', { href: '#', class: 'w-lightbox' }),
        element(
          5,
          'script',
          { type: 'application/json', class: 'w-json' },
          { link: 4, text: item('https://youtu.be/x', 'video') },
        ),
        element(6, 'a', { href: '#', class: 'w-lightbox' }),
        element(7, 'script', { type: 'application/json', class: 'w-json' }, { link: 6, text: '{"items": [' }),
      ),
    ).toEqual([
      {
        url: 'https://cdn.test/canyon.jpeg',
        sourceNode: 'link',
        domIndex: 1,
        alt: 'Canyon',
        variants: ['https://example.com/gallery/canyon-p-500.jpeg'],
        shown: true,
      },
    ]);
  });
});
