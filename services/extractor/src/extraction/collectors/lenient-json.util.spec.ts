import { parseLeniently } from './lenient-json.util';

describe('parseLeniently', () => {
  it('reads the JSON-LD sites really write: comment-wrapped, raw line breaks in strings, comments, trailing commas', () => {
    const text = `<!--
      { "@type": "Product", // the product
        "description": "Line one
line two",	/* a note */
        "image": ["https://a.test/p.jpg",],
        "url": "https://a.test/p//x" }
    -->`;
    expect(parseLeniently(text)).toEqual({
      '@type': 'Product',
      description: 'Line one\nline two',
      image: ['https://a.test/p.jpg'],
      url: 'https://a.test/p//x',
    });
    expect(parseLeniently('{"image": ')).toBeUndefined();
  });
});
