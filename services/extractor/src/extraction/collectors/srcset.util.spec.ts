import { largestCandidate, parseSrcset } from './srcset.util';

describe('parseSrcset', () => {
  it('reads width and density descriptors', () => {
    expect(parseSrcset('small.png 200w, large.png 800w')).toEqual([
      { url: 'small.png', width: 200 },
      { url: 'large.png', width: 800 },
    ]);
    expect(parseSrcset('a.png, b.png 1.5x,c.png 2x')).toEqual([
      { url: 'a.png' },
      { url: 'b.png', density: 1.5 },
      { url: 'c.png', density: 2 },
    ]);
  });

  it('keeps commas inside URLs and ends a URL at a trailing comma', () => {
    expect(parseSrcset('/img/a,b.jpg 1x,/img/c.jpg, /img/d.jpg 3x')).toEqual([
      { url: '/img/a,b.jpg', density: 1 },
      { url: '/img/c.jpg' },
      { url: '/img/d.jpg', density: 3 },
    ]);
    expect(parseSrcset('https://cdn.example/i/w_400,h_200/cat.jpg 400w')).toEqual([
      { url: 'https://cdn.example/i/w_400,h_200/cat.jpg', width: 400 },
    ]);
  });

  it('tolerates odd whitespace and empty entries', () => {
    expect(parseSrcset('  \n a.png   100w ,, ,\tb.png\t200w  ')).toEqual([
      { url: 'a.png', width: 100 },
      { url: 'b.png', width: 200 },
    ]);
    expect(parseSrcset('')).toEqual([]);
  });

  it('drops candidates with invalid or contradictory descriptors', () => {
    expect(parseSrcset('bad.png 100q, mixed.png 100w 2x, zero.png 0w, twice.png 1x 2x, good.png 300w')).toEqual([
      { url: 'good.png', width: 300 },
    ]);
  });

  it('does not split a descriptor at a comma inside parentheses', () => {
    expect(parseSrcset('a.png 100w (x, y), b.png 200w')).toEqual([{ url: 'b.png', width: 200 }]);
  });
});

describe('largestCandidate', () => {
  it('picks the widest w candidate wherever it stands', () => {
    expect(largestCandidate(parseSrcset('m.png 800w, l.png 1600w, s.png 400w'))?.url).toBe('l.png');
  });

  it('picks the highest density, counting a bare URL as 1x', () => {
    expect(largestCandidate(parseSrcset('/images/200x100.png 1x, /images/400x200.png 2x'))?.url).toBe(
      '/images/400x200.png',
    );
    expect(largestCandidate(parseSrcset('base.png, half.png 0.5x'))?.url).toBe('base.png');
  });

  it('prefers width candidates over density ones in a mixed set', () => {
    expect(largestCandidate(parseSrcset('retina.png 3x, wide.png 1200w'))?.url).toBe('wide.png');
  });

  it('keeps the first of equals and answers undefined for nothing', () => {
    expect(largestCandidate(parseSrcset('first.png 2x, second.png 2x'))?.url).toBe('first.png');
    expect(largestCandidate([])).toBeUndefined();
  });
});
