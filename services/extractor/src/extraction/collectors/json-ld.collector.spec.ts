import { imageUrlsIn } from './json-ld.collector';

describe('imageUrlsIn', () => {
  it('finds image, logo and thumbnailUrl values, and ImageObject urls, at any depth', () => {
    const data = {
      '@graph': [
        { '@type': 'Product', name: 'x', url: 'https://a.test/product', image: ['https://a.test/1.jpg', { '@type': 'ImageObject', url: 'https://a.test/2.jpg' }] },
        { '@type': 'Organization', logo: { '@type': 'ImageObject', contentUrl: 'https://a.test/logo.png' } },
        { '@type': 'VideoObject', thumbnailUrl: 'https://a.test/thumb.jpg' },
      ],
    };
    expect(imageUrlsIn(data)).toEqual(['https://a.test/1.jpg', 'https://a.test/2.jpg', 'https://a.test/logo.png', 'https://a.test/thumb.jpg']);
  });

  it('stops at its depth bound on a hostile document', () => {
    let deep: unknown = { image: 'https://a.test/deep.jpg' };
    for (let i = 0; i < 100; i += 1) deep = { child: deep };
    expect(imageUrlsIn(deep)).toEqual([]);
  });
});
