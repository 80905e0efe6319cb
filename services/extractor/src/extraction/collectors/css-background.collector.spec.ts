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

  it('reports every picture the applying rules give a custom property, for each var() that reads it', () => {
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [],
      stylesheets: [
        { index: 1, base: BASE, text: '.section--dark { --pattern: url(dark.svg) } .section--light { --pattern: url(light.svg) } .section { background-image: var(--pattern) }' },
        // Another sheet giving the same value adds no second sighting; a property no declaration reads names nothing.
        { index: 2, base: BASE, text: ':root { --pattern: url(dark.svg); --logo: url(logo.svg) } .footer { background: var(--missing, url(fallback.png)) }' },
      ],
      network: [],
    };
    expect(new CssBackgroundCollector().collect(snapshot).map((image) => [image.url, image.domIndex])).toEqual([
      ['https://example.com/dark.svg', 1],
      ['https://example.com/light.svg', 1],
      ['https://example.com/fallback.png', 2],
    ]);
  });

  it('names a background its own style blurs a stand-in (a blur-up preview), and keeps one under a frosted-glass backdrop', () => {
    const preview = '/images/30x20.png?src=peak.png';
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [
        { index: 3, tag: 'img', attrs: { style: `background-size: cover; background-image: url("${preview}"); filter: blur(15px);` }, base: BASE, backgrounds: [{ value: `background-image: url("${preview}"); filter: blur(15px)` }] },
        { index: 4, tag: 'div', attrs: { style: 'background-image: url(hero.jpg); backdrop-filter: blur(8px)' }, base: BASE, backgrounds: [{ value: 'background-image: url(hero.jpg); backdrop-filter: blur(8px)' }] },
      ],
      stylesheets: [],
      network: [],
    };
    expect(new CssBackgroundCollector().collect(snapshot).map(({ url, standIn }) => [url, Boolean(standIn)])).toEqual([
      [`${BASE}images/30x20.png?src=peak.png`, true],
      [`${BASE}hero.jpg`, false],
    ]);
  });

  it('resolves a url() whose CSS escapes hide a space or parentheses', () => {
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [{ index: 2, tag: 'div', attrs: {}, base: BASE, backgrounds: [{ value: String.raw`background-image: url(photos/a\ b\(1\).jpg)` }] }],
      stylesheets: [],
      network: [],
    };
    expect(new CssBackgroundCollector().collect(snapshot).map((image) => image.url)).toEqual(['https://example.com/photos/a%20b(1).jpg']);
  });
});
