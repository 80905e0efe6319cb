import type { PageSnapshot } from '../snapshot/page-snapshot';
import { CssBackgroundCollector } from './css-background.collector';

const BASE = 'https://example.com/';

describe('CssBackgroundCollector on the static path', () => {
  it("reads a style attribute's custom property that holds another one (defined there or in the sheets)", () => {
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [
        { index: 3, tag: 'div', attrs: {}, base: BASE, backgrounds: [{ value: '--card: var(--photo)' }] },
        { index: 4, tag: 'div', attrs: {}, base: BASE, backgrounds: [{ value: '--own: url(own.jpg); --card: var(--own)' }] },
      ],
      stylesheets: [{ index: 1, base: BASE, text: ':root { --photo: url(photo.jpg) } .card { background-image: var(--card) }' }],
      network: [],
    };
    expect(new CssBackgroundCollector().collect(snapshot).map((image) => [image.url, image.domIndex])).toEqual([
      ['https://example.com/photo.jpg', 3],
      ['https://example.com/own.jpg', 4],
    ]);
  });
});
