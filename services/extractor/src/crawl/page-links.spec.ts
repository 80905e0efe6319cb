import { parseHtml } from '../extraction/snapshot/static-snapshot';
import type { PageSnapshot } from '../extraction/snapshot/page-snapshot';
import { pageLinks } from './page-links';

const PAGE = 'https://shop.example.co.uk/gallery?page=2';

function snapshotOf(body: string, url = PAGE): PageSnapshot {
  const parsed = parseHtml(`<!doctype html><html><head></head><body>${body}</body></html>`, url);
  return { url, elements: parsed.elements, stylesheets: [], network: [] };
}

describe('pageLinks', () => {
  it('gallery: follows only the next page, however it is said', () => {
    const words = [
      'Next',
      'next page',
      'Suivant',
      '下一页',
      '次へ',
      'Siguiente',
      'Weiter',
      'Далее',
      '다음',
      'التالي',
      '›',
      '»',
    ];
    for (const word of words) {
      const { links } = pageLinks(
        snapshotOf(`<a href="/about">About</a> <a href="/gallery?page=7">${word}</a>`),
        PAGE,
        'gallery',
      );
      expect([word, links]).toEqual([word, [{ url: 'https://shop.example.co.uk/gallery?page=7', via: 'next' }]]);
    }
    expect(pageLinks(snapshotOf('<a href="/x" rel="next">2</a>'), PAGE, 'gallery').links).toEqual([
      { url: 'https://shop.example.co.uk/x', via: 'next' },
    ]);
    expect(pageLinks(snapshotOf('<a href="/x" aria-label="Nächste Seite">→</a>'), PAGE, 'gallery').links).toHaveLength(
      1,
    );
    // The page number pattern: ?page=3 follows ?page=2, /page/3/ follows /page/2/; ?page=9 does not.
    expect(pageLinks(snapshotOf('<a href="?page=3">3</a><a href="?page=9">9</a>'), PAGE, 'gallery').links).toEqual([
      { url: 'https://shop.example.co.uk/gallery?page=3', via: 'next' },
    ]);
    expect(
      pageLinks(
        snapshotOf('<a href="/blog/page/3/">3</a>', 'https://example.com/blog/page/2/'),
        'https://example.com/blog/page/2/',
        'gallery',
      ).links,
    ).toEqual([{ url: 'https://example.com/blog/page/3/', via: 'next' }]);
    expect(
      pageLinks(snapshotOf('<a href="/about">About</a> <a href="/gallery?page=1">Previous</a>'), PAGE, 'gallery').links,
    ).toEqual([]);
  });

  it('gallery: a word beside an arrow says Next in every language, the arrow pointing either way', () => {
    for (const word of [
      'Suivant ›',
      'Weiter »',
      'Siguiente →',
      'التالي »',
      '« التالي',
      'Далее →',
      '다음 >',
      'Next »',
    ]) {
      const { links } = pageLinks(snapshotOf(`<a href="/x">${word}</a>`), PAGE, 'gallery');
      expect([word, links]).toEqual([word, [{ url: 'https://shop.example.co.uk/x', via: 'next' }]]);
    }
    for (const word of ['« Précédent', '‹ Zurück', '«', '‹']) {
      expect([word, pageLinks(snapshotOf(`<a href="/x">${word}</a>`), PAGE, 'gallery').links]).toEqual([word, []]);
    }
  });

  it('gallery: an unnumbered first page is followed by ?page=2, with or without a slash after its path', () => {
    for (const first of ['https://example.com/gallery', 'https://example.com/gallery/']) {
      const { links } = pageLinks(
        snapshotOf('<a href="/gallery?page=2">2</a> <a href="/gallery?page=3">3</a>', first),
        first,
        'gallery',
      );
      expect([first, links]).toEqual([first, [{ url: 'https://example.com/gallery?page=2', via: 'next' }]]);
    }
    const second = 'https://example.com/gallery?page=2';
    expect(pageLinks(snapshotOf('<a href="/gallery/?page=3">3</a>', second), second, 'gallery').links).toEqual([
      { url: 'https://example.com/gallery/?page=3', via: 'next' },
    ]);
  });

  it('links and site: every same-site page link once, fragments dropped; no other site, no image file, no mail', () => {
    const { links } = pageLinks(
      snapshotOf(`
        <a href="/a#one">A</a> <a href="/a#two">A again</a> <a href="https://www.example.co.uk/b">Sister host</a>
        <a href="https://other.co.uk/c">Other site</a> <a href="https://example.com/d">Other suffix</a>
        <a href="/big.jpg">Image</a> <a href="mailto:x@example.co.uk">Mail</a> <a href="javascript:void(0)">JS</a>
        <a href="${PAGE}#top">Itself</a>`),
      PAGE,
      'site',
    );
    expect(links.map((link) => link.url)).toEqual(['https://shop.example.co.uk/a', 'https://www.example.co.uk/b']);
  });

  it('reports the canonical address and thumbnails that link to photo pages', () => {
    const found = pageLinks(
      snapshotOf(
        '<link rel="canonical" href="/gallery"><a href="/photo/1"><img src="/t/1.jpg" alt="1"></a><a href="/big.jpg"><img src="/t/2.jpg"></a>',
      ),
      PAGE,
      'links',
    );
    expect(found.canonicalUrl).toBe('https://shop.example.co.uk/gallery');
    expect(found.photoLinks).toEqual([
      { imageUrl: 'https://shop.example.co.uk/t/1.jpg', pageUrl: 'https://shop.example.co.uk/photo/1' },
    ]);
  });

  it('list: nothing to follow', () => {
    expect(pageLinks(snapshotOf('<a href="/a">A</a> <a href="/b" rel="next">Next</a>'), PAGE, 'list').links).toEqual(
      [],
    );
  });
});
