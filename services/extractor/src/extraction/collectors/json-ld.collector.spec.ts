import { imagesIn } from './json-ld.collector';

const urlsIn = (data: unknown) => imagesIn(data).map(({ url }) => url);

describe('imagesIn', () => {
  it('finds image, logo and thumbnailUrl values, and ImageObject urls, at any depth', () => {
    const data = {
      '@graph': [
        {
          '@type': 'Product',
          name: 'x',
          url: 'https://a.test/product',
          image: ['https://a.test/1.jpg', { '@type': 'ImageObject', url: 'https://a.test/2.jpg' }],
        },
        { '@type': 'Organization', logo: { '@type': 'ImageObject', contentUrl: 'https://a.test/logo.png' } },
        { '@type': 'VideoObject', thumbnailUrl: 'https://a.test/thumb.jpg' },
      ],
    };
    expect(urlsIn(data)).toEqual([
      'https://a.test/1.jpg',
      'https://a.test/2.jpg',
      'https://a.test/logo.png',
      'https://a.test/thumb.jpg',
    ]);
  });

  it("counts an ImageObject's thumbnailUrl as a variant of its file, and a lone thumbnailUrl as a picture", () => {
    const data = [
      {
        '@type': 'ImageObject',
        contentUrl: 'https://a.test/full.jpg',
        url: 'https://a.test/full.jpg',
        thumbnailUrl: 'https://a.test/full-300.jpg',
      },
      { '@type': 'WebPage', thumbnailUrl: 'https://a.test/page.jpg' },
    ];
    expect(imagesIn(data)).toEqual([
      { url: 'https://a.test/full.jpg', variants: ['https://a.test/full-300.jpg'] },
      { url: 'https://a.test/page.jpg' },
    ]);
  });

  it('stops at its depth bound on a hostile document', () => {
    let deep: unknown = { image: 'https://a.test/deep.jpg' };
    for (let i = 0; i < 100; i += 1) deep = { child: deep };
    expect(urlsIn(deep)).toEqual([]);
  });
});

describe('imagesIn, @type lists', () => {
  it('reads an ImageObject whose @type is a list', () => {
    expect(urlsIn({ primaryImage: { '@type': ['ImageObject', 'Thing'], contentUrl: 'https://a.test/c.jpg' } })).toEqual(
      ['https://a.test/c.jpg'],
    );
  });
});
