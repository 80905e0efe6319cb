import type { PageSnapshot } from '../snapshot/page-snapshot';
import { CssBackgroundCollector } from './css-background.collector';
import { lazyAttributes } from './lazy-attributes';

const BASE = 'https://example.com/';
const collector = () => new CssBackgroundCollector(lazyAttributes([]));

describe('CssBackgroundCollector on the static path', () => {
  it("reads a style attribute's custom property that holds another one (defined there or in the sheets)", () => {
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [
        { index: 3, tag: 'div', attrs: {}, base: BASE, backgrounds: [{ value: '--card: var(--photo)' }] },
        {
          index: 4,
          tag: 'div',
          attrs: {},
          base: BASE,
          backgrounds: [{ value: '--own: url(own.jpg); --card: var(--own)' }],
        },
      ],
      stylesheets: [
        { index: 1, base: BASE, text: ':root { --photo: url(photo.jpg) } .card { background-image: var(--card) }' },
      ],
      network: [],
    };
    expect(
      collector()
        .collect(snapshot)
        .map((image) => [image.url, image.domIndex]),
    ).toEqual([
      ['https://example.com/photo.jpg', 3],
      ['https://example.com/own.jpg', 4],
    ]);
  });

  it('reports every picture the applying rules give a custom property, for each var() that reads it', () => {
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [],
      stylesheets: [
        {
          index: 1,
          base: BASE,
          text: '.section--dark { --pattern: url(dark.svg) } .section--light { --pattern: url(light.svg) } .section { background-image: var(--pattern) }',
        },
        // Another sheet giving the same value adds no second sighting; a property no declaration reads names nothing.
        {
          index: 2,
          base: BASE,
          text: ':root { --pattern: url(dark.svg); --logo: url(logo.svg) } .footer { background: var(--missing, url(fallback.png)) }',
        },
      ],
      network: [],
    };
    expect(
      collector()
        .collect(snapshot)
        .map((image) => [image.url, image.domIndex]),
    ).toEqual([
      ['https://example.com/dark.svg', 1],
      ['https://example.com/light.svg', 1],
      ['https://example.com/fallback.png', 2],
    ]);
  });

  it('names a background its own style or class blurs a stand-in (a blur-up preview), and keeps one under a frosted-glass backdrop', () => {
    const preview = '/images/30x20.png?src=peak.png';
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [
        {
          index: 3,
          tag: 'img',
          attrs: { style: `background-size: cover; background-image: url("${preview}"); filter: blur(15px);` },
          base: BASE,
          backgrounds: [{ value: `background-image: url("${preview}"); filter: blur(15px)` }],
        },
        {
          index: 4,
          tag: 'div',
          attrs: { style: 'background-image: url(hero.jpg); backdrop-filter: blur(8px)' },
          base: BASE,
          backgrounds: [{ value: 'background-image: url(hero.jpg); backdrop-filter: blur(8px)' }],
        },
        // react-lazy-load-image-component: the wrapper's class blurs its preview; a "blurb" is no blur.
        {
          index: 5,
          tag: 'span',
          attrs: { class: 'lazy-load-image-background blur lazy-load-image-loaded' },
          base: BASE,
          backgrounds: [{ value: 'background-image: url(dune-40x27.jpg)' }],
        },
        {
          index: 6,
          tag: 'div',
          attrs: { class: 'product-blurb' },
          base: BASE,
          backgrounds: [{ value: 'background-image: url(shoe.jpg)' }],
        },
      ],
      stylesheets: [],
      network: [],
    };
    expect(
      collector()
        .collect(snapshot)
        .map(({ url, standIn }) => [url, Boolean(standIn)]),
    ).toEqual([
      [`${BASE}images/30x20.png?src=peak.png`, true],
      [`${BASE}hero.jpg`, false],
      [`${BASE}dune-40x27.jpg`, true],
      [`${BASE}shoe.jpg`, false],
    ]);
  });

  it('resolves a url() whose CSS escapes hide a space or parentheses', () => {
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [
        {
          index: 2,
          tag: 'div',
          attrs: {},
          base: BASE,
          backgrounds: [{ value: String.raw`background-image: url(photos/a\ b\(1\).jpg)` }],
        },
      ],
      stylesheets: [],
      network: [],
    };
    expect(
      collector()
        .collect(snapshot)
        .map((image) => image.url),
    ).toEqual(['https://example.com/photos/a%20b(1).jpg']);
  });

  it('names a background behind an <img> showing a picture of its own a stand-in (a low-res preview it covers), not one behind a spacer (a sprite)', () => {
    const background = (url: string) => [{ value: `background-image: url(${url}); background-size: cover` }];
    const snapshot: PageSnapshot = {
      url: BASE,
      elements: [
        // unpic: the real file in src, a 24×16 preview behind it.
        {
          index: 1,
          tag: 'img',
          attrs: { src: 'trail-1280x853.jpg' },
          base: BASE,
          backgrounds: background('trail-24x16.jpg'),
        },
        // A lazy <img>: its real file is in data-src, and covers the preview too once loaded.
        {
          index: 2,
          tag: 'img',
          attrs: { src: 'data:image/gif;base64,R0lGOD', 'data-src': 'dune.jpg' },
          base: BASE,
          backgrounds: background('dune-40x27.jpg'),
        },
        // Rendered: the browser decoded a real picture.
        {
          index: 3,
          tag: 'img',
          attrs: { src: 'lake.jpg' },
          base: BASE,
          natural: { width: 800, height: 600 },
          backgrounds: background('lake-tiny.jpg'),
        },
        // A transparent spacer over a sprite: the background is what shows.
        { index: 4, tag: 'img', attrs: { src: 'blank.gif' }, base: BASE, backgrounds: background('flags.png') },
        {
          index: 5,
          tag: 'img',
          attrs: { src: 'dot.gif' },
          base: BASE,
          natural: { width: 1, height: 1 },
          backgrounds: background('icons.png'),
        },
        {
          index: 6,
          tag: 'img',
          attrs: { src: 'data:image/gif;base64,R0lGOD' },
          base: BASE,
          backgrounds: background('emoji-sheet.png'),
        },
      ],
      stylesheets: [],
      network: [],
    };
    expect(
      collector()
        .collect(snapshot)
        .map(({ url, standIn }) => [url.slice(BASE.length), Boolean(standIn)]),
    ).toEqual([
      ['trail-24x16.jpg', true],
      ['dune-40x27.jpg', true],
      ['lake-tiny.jpg', true],
      ['flags.png', false],
      ['icons.png', false],
      ['emoji-sheet.png', false],
    ]);
  });
});
