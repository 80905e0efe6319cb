import type { ElementRecord } from '../snapshot/page-snapshot';
import { DocumentMetadataCollector } from './document-metadata.collector';

const BASE = 'https://example.com/';
const link = (index: number, attrs: Record<string, string>): ElementRecord => ({
  index,
  tag: 'link',
  attrs,
  base: BASE,
});
const collect = (...elements: ElementRecord[]) =>
  new DocumentMetadataCollector()
    .collect({ url: BASE, elements, stylesheets: [], network: [] })
    .map(({ url, sourceNode, variants }) => [
      url.slice(BASE.length),
      sourceNode,
      variants?.map((variant) => variant.slice(BASE.length)),
    ]);

describe('DocumentMetadataCollector', () => {
  it('reads image preloads for this screen, the largest imagesrcset candidate first, and leaves a phone-only preload out', () => {
    expect(
      collect(
        link(1, {
          rel: 'preload',
          as: 'image',
          href: 'hero-800.jpg',
          imagesrcset: 'hero-800.jpg 800w, hero-1600.jpg 1600w',
        }),
        link(2, { rel: 'preload', as: 'image', href: 'hero-phone.jpg', media: '(max-width: 600px)' }),
        link(3, { rel: 'preload', as: 'image', href: 'logo.png', media: '(min-width: 601px)' }),
      ),
    ).toEqual([
      ['hero-1600.jpg', 'preload', ['hero-800.jpg']],
      ['logo.png', 'preload', undefined],
    ]);
  });
});
