import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
import { LazyBackgroundCollector } from './lazy-background.collector';
import { lazyAttributes } from './lazy-attributes';

const BASE = 'https://example.com/gallery/index.html';
const div = (attrs: Record<string, string>, extra: Partial<ElementRecord> = {}): ElementRecord => ({
  index: 3,
  tag: 'div',
  attrs,
  base: BASE,
  ...extra,
});
const collect = (...elements: ElementRecord[]) =>
  new LazyBackgroundCollector(lazyAttributes()).collect({
    url: BASE,
    elements,
    stylesheets: [],
    network: [],
  } satisfies PageSnapshot);
const urls = (...elements: ElementRecord[]) =>
  collect(...elements).map(({ url, variants }) => (variants ? { url, variants } : { url }));

describe('LazyBackgroundCollector', () => {
  it('reads data-bg as a bare URL or a url(), and ranks data-bg-hidpi above it with the 1× file as its variant', () => {
    expect(
      urls(
        div({ 'data-bg': '/hero.jpg' }),
        div({ 'data-bg': 'url("/quoted.jpg")' }),
        div({ 'data-bg': '/hero.jpg', 'data-bg-hidpi': '/hero@2x.jpg' }),
        div({ 'data-bg-hidpi': '/only@2x.jpg' }),
      ),
    ).toEqual([
      { url: 'https://example.com/hero.jpg' },
      { url: 'https://example.com/quoted.jpg' },
      { url: 'https://example.com/hero@2x.jpg', variants: ['https://example.com/hero.jpg'] },
      { url: 'https://example.com/only@2x.jpg' },
    ]);
  });

  it("reads lozad's comma list of files, and keeps a CDN URL holding commas whole", () => {
    expect(
      urls(
        div({ 'data-background-image': '/bg/stripes.png, /bg/hero.jpg?v=2' }),
        div({ 'data-background-image': 'https://res.cloudinary.com/demo/image/upload/c_fill,w_400/sea.jpg' }),
        div({ 'data-bg': 'https://ik.imagekit.io/demo/sea.jpg?tr=w-400,h-300' }),
      ),
    ).toEqual([
      { url: 'https://example.com/bg/stripes.png' },
      { url: 'https://example.com/bg/hero.jpg?v=2' },
      { url: 'https://res.cloudinary.com/demo/image/upload/c_fill,w_400/sea.jpg' },
      { url: 'https://ik.imagekit.io/demo/sea.jpg?tr=w-400,h-300' },
    ]);
  });

  it('reads every url() of a data-bg-multi list, gradients aside, in a data-bg-multi-hidpi list picture by picture', () => {
    expect(urls(div({ 'data-bg-multi': 'url(a.jpg), linear-gradient(#fff, #000), url("b.jpg")' }))).toEqual([
      { url: 'https://example.com/gallery/a.jpg' },
      { url: 'https://example.com/gallery/b.jpg' },
    ]);
    expect(
      urls(div({ 'data-bg-multi': 'url(a.jpg), url(b.jpg)', 'data-bg-multi-hidpi': 'url(a@2x.jpg), url(b@2x.jpg)' })),
    ).toEqual([
      { url: 'https://example.com/gallery/a@2x.jpg', variants: ['https://example.com/gallery/a.jpg'] },
      { url: 'https://example.com/gallery/b@2x.jpg', variants: ['https://example.com/gallery/b.jpg'] },
    ]);
  });

  it('keeps every picture of a 2× and a 1× list that do not line up', () => {
    expect(urls(div({ 'data-bg-multi': 'url(a.jpg), url(b.jpg)', 'data-bg-multi-hidpi': 'url(ab@2x.jpg)' }))).toEqual([
      { url: 'https://example.com/gallery/ab@2x.jpg' },
      { url: 'https://example.com/gallery/a.jpg' },
      { url: 'https://example.com/gallery/b.jpg' },
    ]);
  });

  it("reads vanilla-lazyload's data-bg-set and lozad's data-background-image-set as image-sets: the densest file, the others its variants", () => {
    expect(
      urls(
        div({ 'data-bg-set': 'url("a.jpg") 1x, url("a@2x.jpg") 2x | url(b.jpg) 1x, url(b@2x.jpg) 2x' }),
        div({ 'data-background-image-set': "url('c.jpg') 1x, url('c@2x.jpg') 2x" }),
      ),
    ).toEqual([
      { url: 'https://example.com/gallery/a@2x.jpg', variants: ['https://example.com/gallery/a.jpg'] },
      { url: 'https://example.com/gallery/b@2x.jpg', variants: ['https://example.com/gallery/b.jpg'] },
      { url: 'https://example.com/gallery/c@2x.jpg', variants: ['https://example.com/gallery/c.jpg'] },
    ]);
  });

  it("reads Flickity's bgLazyLoad, theme scripts' data-bg-image and data-setbg, and parallax.js' data-image-src", () => {
    expect(
      urls(
        div({ 'data-flickity-bg-lazyload': '/slide.jpg' }),
        div({ 'data-bg-image': '/banner.jpg' }),
        div({ 'data-setbg': 'img/hero.jpg' }),
        div({ 'data-image-src': '/parallax.jpg', 'data-parallax': 'scroll' }),
      ),
    ).toEqual([
      { url: 'https://example.com/slide.jpg' },
      { url: 'https://example.com/banner.jpg' },
      { url: 'https://example.com/gallery/img/hero.jpg' },
      { url: 'https://example.com/parallax.jpg' },
    ]);
  });

  it("reads EWWW's data-back, and a gallery item's full-size file (Fotorama's data-full) over the one it shows", () => {
    expect(
      urls(
        div({ 'data-back': '/vineyard.png', 'data-eio': 'l' }),
        div({ 'data-img': '/stage-1200.jpg', 'data-full': '/full-2400.jpg', 'data-thumb': '/thumb.jpg' }),
      ),
    ).toEqual([
      { url: 'https://example.com/vineyard.png' },
      { url: 'https://example.com/full-2400.jpg', variants: ['https://example.com/stage-1200.jpg'] },
    ]);
  });

  it("falls back to lazysizes' bgset, then to a generic data-src naming an image file, and skips elements whose src means something else", () => {
    expect(
      urls(
        div({ 'data-bgset': 's.jpg 600w [(max-width: 700px)] | l.jpg 1600w' }),
        div({ 'data-src': '/card.webp' }),
        div({ 'data-src': '/api/widget' }),
        div({ 'data-bg': '/v.jpg' }, { tag: 'video' }),
      ),
    ).toEqual([
      { url: 'https://example.com/gallery/l.jpg', variants: ['https://example.com/gallery/s.jpg'] },
      { url: 'https://example.com/card.webp' },
    ]);
  });

  it("takes from lazysizes' bgset the set the rendered screen (1366 px) shows, as lazysizes does, the others its variants", () => {
    expect(
      urls(
        div({ 'data-bgset': 'm-768x1024.jpg [(max-width: 767px)] | d-1920x800.jpg' }),
        div({ 'data-bgset': 'wide.jpg 2400w [(min-width: 1200px)] | narrow.jpg 3000w' }),
      ),
    ).toEqual([
      { url: 'https://example.com/gallery/d-1920x800.jpg', variants: ['https://example.com/gallery/m-768x1024.jpg'] },
      { url: 'https://example.com/gallery/wide.jpg', variants: ['https://example.com/gallery/narrow.jpg'] },
    ]);
  });
});
