import { formatByteSize, formatNumber, formatSeconds } from './number-format';

describe('numbers in the language', () => {
  it.each([
    ['en', '1,500'],
    ['fr', '1\u202f500'],
    ['ru', '1\u00a0500'],
    ['de', '1.500'],
    ['ar', '١٬٥٠٠'],
    ['cn', '1,500'],
    ['jp', '1,500'],
  ])('writes 1500 in %s as %s', (language, written) => {
    expect(formatNumber(1500, language)).toBe(written);
  });

  it('writes bytes in the largest unit that fits, and seconds whole', () => {
    expect(formatByteSize(900, 'en')).toBe('900 byte');
    expect(formatByteSize(1_430_000, 'en')).toBe('1.4 MB');
    expect(formatByteSize(1_430_000, 'fr')).toMatch(/^1,4\sMo$/);
    expect(formatSeconds(12_900, 'en')).toBe('12 sec');
  });
});
