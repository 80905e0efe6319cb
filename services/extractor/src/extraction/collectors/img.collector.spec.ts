import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
import { ImgCollector } from './img.collector';
import { lazyAttributes } from './lazy-attributes';

const BASE = 'https://example.com/gallery/index.html';
const img = (attrs: Record<string, string>, extra: Partial<ElementRecord> = {}): ElementRecord => ({
  index: 7,
  tag: 'img',
  attrs,
  base: BASE,
  ...extra,
});
const collect = (...elements: ElementRecord[]) =>
  new ImgCollector(lazyAttributes(['data-my-picture'])).collect({
    url: BASE,
    elements,
    stylesheets: [],
    network: [],
  } satisfies PageSnapshot);
/** What the list shows: stand-ins are reported only so the network capture leaves them out. */
const shown = (...elements: ElementRecord[]) => collect(...elements).filter((image) => !image.standIn);

describe('ImgCollector', () => {
  it('reports the loaded source with its decoded size, alt and box', () => {
    expect(
      collect(
        img(
          { src: 'a.jpg', alt: ' Lake ' },
          {
            currentSrc: 'https://example.com/gallery/a.jpg',
            natural: { width: 640, height: 480 },
            box: { x: 1, y: 2, width: 320, height: 240 },
          },
        ),
      ),
    ).toEqual([
      {
        url: 'https://example.com/gallery/a.jpg',
        sourceNode: 'img',
        domIndex: 7,
        alt: 'Lake',
        width: 640,
        height: 480,
        box: { x: 1, y: 2, width: 320, height: 240 },
      },
    ]);
  });

  it('reports the largest srcset candidate with the others as variants; the decoded size belongs to another file', () => {
    const [image] = collect(
      img(
        { src: '/s.png', srcset: '/s.png 1x, /l.png 2x' },
        { currentSrc: 'https://example.com/s.png', natural: { width: 200, height: 100 } },
      ),
    );
    expect(image).toEqual({
      url: 'https://example.com/l.png',
      sourceNode: 'srcset',
      domIndex: 7,
      variants: ['https://example.com/s.png'],
    });
  });

  it('takes the lazy source and drops the placeholder, the built-in and configured attributes alike', () => {
    expect(
      collect(
        img({ src: 'data:image/gif;base64,R0lGOD', 'data-src': '/real.jpg' }),
        img({ src: '/img/placeholder.png', 'data-my-picture': '/mine.jpg' }),
      ),
    ).toEqual([
      { url: 'https://example.com/real.jpg', sourceNode: 'lazy', domIndex: 7 },
      { url: 'https://example.com/mine.jpg', sourceNode: 'lazy', domIndex: 7 },
    ]);
  });

  it('reads an <img> in a <picture> by its own src, not the <source> the browser chose', () => {
    expect(
      collect(
        img(
          { src: '/fallback.png' },
          { currentSrc: 'https://example.com/chosen.avif', natural: { width: 10, height: 10 } },
        ),
      ),
    ).toEqual([{ url: 'https://example.com/fallback.png', sourceNode: 'img', domIndex: 7 }]);
  });

  it('reports data: images as such and skips blob:, javascript: and empty sources', () => {
    expect(
      collect(
        img({ src: 'data:image/png;base64,iVBORw0KGgo=' }),
        img({ src: 'blob:https://example.com/1f2e' }),
        img({ src: 'javascript:alert(1)' }),
        img({}),
      ),
    ).toEqual([{ url: 'data:image/png;base64,iVBORw0KGgo=', sourceNode: 'data-uri', domIndex: 7 }]);
  });

  it("keeps a lazy image's own src (not a placeholder) as a variant, also when the browser path set it aside", () => {
    expect(
      collect(
        img({ src: '/blur/photo-20.jpg', 'data-src': '/photo.jpg' }),
        img({ src: '/photo.jpg', 'data-src': '/photo.jpg', 'data-pixtract-original-src': '/lqip/photo.jpg' }),
      ),
    ).toEqual([
      {
        url: 'https://example.com/photo.jpg',
        sourceNode: 'lazy',
        domIndex: 7,
        variants: ['https://example.com/blur/photo-20.jpg'],
      },
      {
        url: 'https://example.com/photo.jpg',
        sourceNode: 'lazy',
        domIndex: 7,
        variants: ['https://example.com/lqip/photo.jpg'],
      },
    ]);
  });

  it('fills a Shopify {width} template with its widest data-widths entry, and drops a template without widths', () => {
    expect(
      collect(
        img({ 'data-src': '//cdn.test/shoe_{width}x.jpg', 'data-widths': '[180, 360, 720]' }),
        img({ src: '/shoe.jpg', 'data-src': '/shoe_{width}x.jpg' }),
      ),
    ).toEqual([
      { url: 'https://cdn.test/shoe_720x.jpg', sourceNode: 'lazy', domIndex: 7 },
      { url: 'https://example.com/shoe.jpg', sourceNode: 'img', domIndex: 7 },
    ]);
  });

  it('skips Gatsby\'s blurred stand-in, beacons sized 1×1 by their attributes, and src="#"', () => {
    expect(
      shown(
        img({ 'data-placeholder-image': '', src: 'data:image/jpeg;base64,/9j/4AAQ' }),
        img({ src: 'https://ct.pinterest.test/v3/?tid=1&noscript=1', width: '1', height: '1' }),
        img({ src: '#' }),
        img(
          { src: '/wide.jpg', width: '100%', height: '1' },
          { natural: { width: 1200, height: 400 }, currentSrc: 'https://example.com/wide.jpg' },
        ),
      ),
    ).toEqual([{ url: 'https://example.com/wide.jpg', sourceNode: 'img', domIndex: 7, width: 1200, height: 400 }]);
  });

  it('reports the full-size file a gallery or zoom script names, with what the page shows as its renditions', () => {
    expect(
      collect(
        img({ src: '/hoodie-300.jpg', 'data-large_image': '/hoodie.jpg' }),
        img({
          src: '/beach-300.jpg',
          srcset: '/beach-300.jpg 300w, /beach-768.jpg 768w',
          'data-orig-file': '/beach.jpg',
          'data-large-file': '/beach-1024.jpg',
        }),
        img(
          { src: '/ring.jpg', 'data-zoom-image': '/ring-zoom.jpg' },
          { currentSrc: 'https://example.com/ring.jpg', natural: { width: 400, height: 400 } },
        ),
      ),
    ).toEqual([
      {
        url: 'https://example.com/hoodie.jpg',
        sourceNode: 'img',
        domIndex: 7,
        variants: ['https://example.com/hoodie-300.jpg'],
      },
      {
        url: 'https://example.com/beach.jpg',
        sourceNode: 'img',
        domIndex: 7,
        variants: ['https://example.com/beach-300.jpg', 'https://example.com/beach-768.jpg'],
        candidateWidths: { 'https://example.com/beach-300.jpg': 300, 'https://example.com/beach-768.jpg': 768 },
      },
      {
        url: 'https://example.com/ring-zoom.jpg',
        sourceNode: 'img',
        domIndex: 7,
        variants: ['https://example.com/ring.jpg'],
      },
    ]);
  });

  it("reads Flickity's lazy srcset over its lazy src, and Fotorama's full-size file over the one it shows", () => {
    expect(
      shown(
        img({
          'data-flickity-lazyload-src': '/cell-600.jpg',
          'data-flickity-lazyload-srcset': '/cell-600.jpg 600w, /cell-1200.jpg 1200w',
        }),
        img({ src: '/stage-1200.jpg', 'data-full': '/full-2400.jpg', 'data-thumb': '/thumb.jpg' }),
      ).map(({ url, variants }) => [url, variants]),
    ).toEqual([
      ['https://example.com/cell-1200.jpg', ['https://example.com/cell-600.jpg']],
      ['https://example.com/full-2400.jpg', ['https://example.com/stage-1200.jpg']],
    ]);
  });

  it("reads the zoom and high-resolution files of shops and blogs (Etsy, Amazon, Tumblr), Amazon's largest dynamic image, and Avada's lazy source", () => {
    expect(
      shown(
        img({ src: '/il_794xN.jpg', 'data-src-zoom-image': '/il_fullxfull.jpg' }),
        img({ src: '/main-679.jpg', 'data-old-hires': '/main-1500.jpg' }),
        img({
          src: '/rel-160.jpg',
          'data-a-dynamic-image': '{"/rel-160.jpg":[160,160],"/rel-480.jpg":[480,480],"/rel-320.jpg":[320,320]}',
        }),
        img({ src: '/photo-500.jpg', 'data-highres': '/photo-1280.jpg' }),
        img({ src: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E', 'data-orig-src': '/avada.jpg' }),
        img({ src: '/cat-{:size}.jpg'.replace('{:size}', '500x659'), 'data-src': '/cat-{:size}.jpg' }),
      ).map(({ url }) => url),
    ).toEqual(
      ['il_fullxfull.jpg', 'main-1500.jpg', 'rel-480.jpg', 'photo-1280.jpg', 'avada.jpg', 'cat-500x659.jpg'].map(
        (file) => `https://example.com/${file}`,
      ),
    );
  });

  it('skips an inline picture hidden from assistive tech: a blur-up stand-in', () => {
    expect(
      shown(
        img({ src: 'data:image/jpeg;base64,/9j/2wBD', 'aria-hidden': 'true' }),
        img({ src: '/decor.png', 'aria-hidden': 'true' }),
      ).map((image) => image.url),
    ).toEqual(['https://example.com/decor.png']);
  });

  it('prefers a src outside the srcset when the page declares the image wider than every candidate, or the src asks for a wider file', () => {
    const jetpack = {
      src: '/river.jpg?ssl=1',
      'data-width': '2400',
      srcset: '/river.jpg?w=2000 2000w, /river.jpg?w=600 600w',
    };
    const cover = { src: '/cover.jpg', width: '2400', srcset: '/cover-2048.jpg 2048w, /cover-300.jpg 300w' };
    const squarespace = {
      'data-src': '/photo.jpg',
      'data-image-dimensions': '3000x2000',
      srcset: '/photo.jpg?format=2500w 2500w',
    };
    const wordpress = { src: '/post-1024.jpg', width: '1024', srcset: '/post-1024.jpg 1024w, /post.jpg 2048w' };
    // Shopify Dawn's logo: the src asks the CDN for 600 px, the srcset for at most 180 (its width attribute is 90).
    const logo = {
      src: '/cdn/shop/files/logo.png?v=1&width=600',
      width: '90',
      srcset: '/cdn/shop/files/logo.png?v=1&width=90 90w, /cdn/shop/files/logo.png?v=1&width=180 180w',
    };
    const smallerAsked = { src: '/shoe.jpg?w=300', srcset: '/shoe.jpg?w=800 800w, /shoe.jpg?w=1600 1600w' };
    expect(
      collect(img(jetpack), img(cover), img(squarespace), img(wordpress), img(logo), img(smallerAsked)).map(
        (image) => image.url,
      ),
    ).toEqual([
      'https://example.com/river.jpg?ssl=1',
      'https://example.com/cover.jpg',
      'https://example.com/photo.jpg',
      'https://example.com/post.jpg',
      'https://example.com/cdn/shop/files/logo.png?v=1&width=600',
      'https://example.com/shoe.jpg?w=1600',
    ]);
  });

  it('leaves the size of a srcset pick to measuring: the browser scales a candidate by its density', () => {
    const [image] = collect(
      img(
        { src: '/a-400.jpg', srcset: '/a-400.jpg 400w, /a-800.jpg 800w', sizes: '100px' },
        { currentSrc: 'https://example.com/a-800.jpg', natural: { width: 100, height: 75 } },
      ),
    );
    expect(image).toEqual({
      url: 'https://example.com/a-800.jpg',
      sourceNode: 'srcset',
      domIndex: 7,
      variants: ['https://example.com/a-400.jpg'],
      candidateWidths: { 'https://example.com/a-400.jpg': 400, 'https://example.com/a-800.jpg': 800 },
    });
  });

  it('reads <amp-anim> like <amp-img>, and skips AMP placeholders and fallbacks', () => {
    expect(
      shown(
        img({ src: '/waves.gif', width: '320', height: '180' }, { tag: 'amp-anim' }),
        img({ src: '/blur.jpg', placeholder: '' }, { tag: 'amp-img' }),
        img({ src: '/still.jpg', fallback: '' }, { tag: 'amp-img' }),
      ),
    ).toEqual([{ url: 'https://example.com/waves.gif', sourceNode: 'amp-img', domIndex: 7 }]);
  });

  it('names stand-ins as such, so the network capture does not bring them back', () => {
    expect(
      collect(
        img({ src: '/still.jpg', placeholder: '' }, { tag: 'amp-img' }),
        img({ src: '/hidden.jpg', width: '0', height: '0' }, { natural: { width: 400, height: 300 } }),
      ),
    ).toEqual([
      { url: 'https://example.com/still.jpg', sourceNode: 'img', domIndex: 7, standIn: true },
      { url: 'https://example.com/hidden.jpg', sourceNode: 'img', domIndex: 7, standIn: true },
    ]);
  });

  it('tags images inside shadow roots and frames by where they were found', () => {
    expect(
      collect(img({ src: 'a.png' }, { scope: 'shadow' }), img({ src: 'b.png' }, { scope: 'iframe' })).map(
        (image) => image.sourceNode,
      ),
    ).toEqual(['shadow-dom', 'iframe']);
  });
});
