import { mediaApplies } from './media-query';

describe('mediaApplies: media queries answered for the 1366×900 light screen the browser path renders', () => {
  it.each([
    ['', true],
    ['all', true],
    ['screen', true],
    ['print', false],
    ['not print', true],
    ['only screen and (min-width: 768px)', true],
    ['only screen and (max-width: 767px)', false],
    ['screen and (min-width: 768px) and (max-width: 1024px)', false],
    ['(min-width: 1200px)', true],
    ['(max-width: 40em)', false],
    ['(min-width: 80rem)', true],
    ['(min-width: 90rem)', false],
    ['print, (max-width: 600px)', false],
    ['print, (min-width: 600px)', true],
    ['not (max-width: 600px)', true],
    ['(max-width: 600px) or (orientation: landscape)', true],
    ['(orientation: portrait)', false],
    ['(prefers-color-scheme: dark)', false],
    ['(prefers-color-scheme: light)', true],
    ['(prefers-reduced-motion: reduce)', false],
    ['(hover: none)', false],
    ['(hover: hover) and (pointer: fine)', true],
    ['(min-aspect-ratio: 16/9)', false],
    ['(max-aspect-ratio: 16/9)', true],
    // Level 4 ranges, as Tailwind 4 writes them.
    ['(width >= 40rem)', true],
    ['(width < 48rem)', false],
    ['(48rem <= width < 64rem)', false],
    ['(64rem <= width < 100rem)', true],
    // A sharper screen's picture is the better copy: resolution queries match, whichever way they ask.
    ['(-webkit-min-device-pixel-ratio: 2), (min-resolution: 192dpi)', true],
    ['(max-resolution: 1dppx)', true],
    ['(min--moz-device-pixel-ratio: 1.5)', true],
    // Not understood: matches, rather than lose a picture.
    ['(min-width: calc(100px + 2em))', true],
    ['(scan: interlace)', true],
    ['tv', false],
  ])('%s → %s', (query, expected) => {
    expect(mediaApplies(query)).toBe(expected);
  });

  it.each([
    ['spaces', `(width${' '.repeat(200_000)}x)`],
    ['nested not', `${'not '.repeat(50_000)}(max-width: 1px)`],
    ['nested parentheses', `${'('.repeat(50_000)}width${')'.repeat(50_000)}`],
  ])('reads a hostile query (%s) as not understood, without hanging or overflowing the stack', (_label, query) => {
    expect(mediaApplies(query)).toBe(true);
  });
});
