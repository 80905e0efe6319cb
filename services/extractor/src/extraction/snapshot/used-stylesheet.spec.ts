import { parseDocument } from 'htmlparser2';
import { imagesInCssText } from '../image-address/css-image.util';
import { selectorTest, usedRules } from './used-stylesheet';

const page = (html: string) => selectorTest(parseDocument(html).children);
const GALLERY = page(
  '<header class="top"><a href="/">Home</a></header><main><div class="hero"></div><p class="quote">Hi</p><button class="cta">Go</button></main>',
);

describe('selectorTest: matching selectors on the untouched parsed page', () => {
  it.each([
    ['.hero', true],
    ['main .hero', true],
    ['header.top > a', true],
    ['.modal-backdrop', false],
    ['.missing, .hero', true],
    [':is(.missing, .quote)', true],
    ['.quote::before', true],
    ['.quote:after', true],
    ['.absent::before', false],
    // A page nobody has touched: no hover, no focus, nothing visited.
    ['.cta:hover', false],
    ['.cta:focus', false],
    ['.cta:focus-visible', false],
    ['a:visited', false],
    // Nothing is in the top layer until a script shows a modal.
    ['main::backdrop', false],
    ['.missing, .hero::backdrop', false],
    // The root and body a browser always adds, even to a page that never wrote them.
    ['html .hero', true],
    ['body > main .hero', true],
    [':root body .hero', true],
    ['body', true],
  ])('%s → %s', (selector, expected) => {
    expect(GALLERY(selector)).toBe(expected);
  });

  it('reads escaped class names as names (Tailwind variants and arbitrary values)', () => {
    const tailwind = page(
      `<div class="bg-[url('/hero.jpg')] md:before:bg-[url(/mark.png)] w-1/2 grid-cols-[1fr,2fr]"></div>`,
    );
    expect(tailwind(String.raw`.bg-\[url\(\'\/hero\.jpg\'\)\]`)).toBe(true);
    expect(tailwind(String.raw`.md\:before\:bg-\[url\(\/mark\.png\)\]::before`)).toBe(true);
    expect(tailwind(String.raw`.w-1\/2`)).toBe(true);
    expect(tailwind(String.raw`.grid-cols-\[1fr\,2fr\]`)).toBe(true);
    expect(tailwind(String.raw`.md\:focus\:bg-\[url\(\/x\.png\)\]:focus`)).toBe(false);
    expect(tailwind(String.raw`.bg-\[url\(\/missing\.jpg\)\]`)).toBe(false);
  });

  it('counts a selector it cannot read as matching, rather than lose a picture', () => {
    expect(GALLERY('.hero:has-unknown-pseudo(x)')).toBe(true);
  });
});

describe('usedRules: the rules that can put a picture on the page', () => {
  it('keeps rules naming a picture for elements the page has, in @media too, and drops the rest', () => {
    const css = `
      @import url("theme.css");
      @font-face { font-family: Icons; src: url(icons.woff2); }
      /* a comment with { braces } */
      .hero { background: url("hero.jpg") }
      .modal-backdrop { background: url(modal.jpg) }
      .cta:hover { background-image: url(hover.png) }
      .quote::before { content: url("quote.svg") }
      .hero { color: red }
      @media (min-width: 600px) { .hero { background-image: url(wide.jpg) } .drawer { background-image: url(drawer.jpg) } }
      @keyframes pulse { from { background-image: url(frame.png) } }
    `;
    const kept = usedRules(css, GALLERY);
    for (const picture of ['hero.jpg', 'quote.svg', 'wide.jpg']) expect(kept).toContain(picture);
    for (const picture of ['modal.jpg', 'hover.png', 'drawer.jpg', 'frame.png', 'icons.woff2', 'theme.css'])
      expect(kept).not.toContain(picture);
  });

  it("reads the rules of a <style> wrapped in <!-- --> (an old page's, an e-mail's)", () => {
    const kept = usedRules(
      '<!--\n.hero { background: url(tile.png) }\n.quote { background: url(quote.png) }\n-->',
      GALLERY,
    );
    for (const picture of ['tile.png', 'quote.png']) expect(kept).toContain(picture);
  });

  it('drops ::before/::after rules drawn at no opacity (a faded-out preview), and keeps an element of its own at none (a fading slide)', () => {
    const css = `
      .hero::before { content: ''; background-image: url(preview.png); opacity: 0 }
      .hero:after { content: ''; background-image: url(photo.jpg); opacity: 1 }
      .quote::before { background-image: url(shown.png); opacity: 0; opacity: .9 }
      .hero { background-image: url(slide.jpg); opacity: 0 }
    `;
    const kept = usedRules(css, GALLERY);
    for (const picture of ['photo.jpg', 'shown.png', 'slide.jpg']) expect(kept).toContain(picture);
    expect(kept).not.toContain('preview.png');
  });

  it('drops @media rules the rendered screen (1366×900, light) does not apply: phone layouts, print, dark themes', () => {
    const css = `
      .hero { background: url(desktop.jpg) }
      @media only screen and (max-width: 767px) { .hero { background: url(phone.jpg) } }
      @media print { .hero { background: url(print.jpg) } }
      @media (prefers-color-scheme: dark) { .hero { background: url(dark.jpg) } }
      @media (width >= 64rem) { @supports (display: grid) { .hero { background: url(wide.jpg) } } }
      @media (-webkit-min-device-pixel-ratio: 2) { .hero { background: url(desktop@2x.jpg) } }
    `;
    const kept = usedRules(css, GALLERY);
    for (const picture of ['desktop.jpg', 'wide.jpg', 'desktop@2x.jpg']) expect(kept).toContain(picture);
    for (const picture of ['phone.jpg', 'print.jpg', 'dark.jpg']) expect(kept).not.toContain(picture);
  });

  it("judges nested rules by their full selector, keeping the parent's own declarations", () => {
    const css = `
      .hero {
        background: url(hero.jpg);
        &:hover { background-image: url(hero-hover.jpg) }
        .dark & { background-image: url(hero-dark.jpg) }
        &.hero--wide { background-image: url(hero-wide.jpg) }
        main & { background-image: url(in-main.jpg) }
        > .badge { background-image: url(badge.png) }
        .quote { background-image: url(not-inside.png) }
        @media (max-width: 600px) { background-image: url(hero-phone.jpg) }
        @media (min-width: 600px) { background-image: url(hero-desktop.jpg); &:focus { background-image: url(focus.jpg) } }
        color: red;
      }
      main { .quote { &::before { content: url(quote.svg) } } }
      .top, .modal { & > a { background: url(home-link.png) } }
      body { & .cta { background: url(cta.png) } }
    `;
    const kept = usedRules(css, GALLERY);
    for (const picture of ['hero.jpg', 'in-main.jpg', 'hero-desktop.jpg', 'quote.svg', 'home-link.png', 'cta.png'])
      expect(kept).toContain(picture);
    for (const picture of [
      'hero-hover.jpg',
      'hero-dark.jpg',
      'hero-wide.jpg',
      'badge.png',
      'not-inside.png',
      'hero-phone.jpg',
      'focus.jpg',
    ])
      expect(kept).not.toContain(picture);
    // Flattened: the parent's own declarations stand alone in their block, as the declaration in force reads blocks.
    expect(kept.replace(/\s+/g, ' ')).toContain('.hero{background: url(hero.jpg); color: red;}');
  });

  it('counts a nested selector that nesting makes too long to read as matching, without building it', () => {
    const list = Array.from({ length: 10 }, (_, n) => `.absent-${n}`).join(', ');
    const css = `${`${list} {`.repeat(12)} background: url(deep.png) ${'}'.repeat(12)}`;
    expect(usedRules(css, GALLERY)).toContain('*{background: url(deep.png)}');
  });

  it('reads nesting 32 levels deep and stops there, so a hostile sheet costs no deep scan or stack', () => {
    const nested = (depth: number, picture: string) =>
      `main { ${'& {'.repeat(depth - 2)} .hero { background: url(${picture}) } ${'}'.repeat(depth - 1)}`;
    expect(usedRules(nested(32, 'deep.png'), GALLERY)).toContain('deep.png');
    expect(usedRules(nested(33, 'too-deep.png'), GALLERY)).not.toContain('too-deep.png');
    expect(
      usedRules(`${'@media screen {'.repeat(100_000)} .hero { background: url(hostile.png) }`, GALLERY),
    ).not.toContain('hostile.png');
  });

  it('drops @supports not (…) fallbacks and keeps the blocks for supported features', () => {
    const css = `
      @supports not (display: grid) { .hero { background: url(no-grid.jpg) } }
      @supports NOT selector(:has(a)) { .hero { background: url(no-has.jpg) } }
      @supports (display: grid) { .hero { background: url(grid.jpg) } }
      @supports selector(:has(a)) { .hero { background: url(has.jpg) } }
      @supports (not (display: grid)) or (gap: 1rem) { .hero { background: url(either.jpg) } }
      .hero { @supports not (aspect-ratio: 1) { background: url(nested-fallback.jpg) } }
    `;
    const kept = usedRules(css, GALLERY);
    for (const picture of ['grid.jpg', 'has.jpg', 'either.jpg']) expect(kept).toContain(picture);
    for (const picture of ['no-grid.jpg', 'no-has.jpg', 'nested-fallback.jpg']) expect(kept).not.toContain(picture);
  });

  it('is not thrown off by braces in strings or an unclosed last rule', () => {
    const kept = usedRules(
      '.gone[data-x="{"] { background: url("a{b}.png") } .hero { background: url(last.png)',
      GALLERY,
    );
    expect(kept).not.toContain('a{b}.png');
    expect(kept).toContain('last.png');
  });
});

describe('@keyframes that animate pictures', () => {
  const css =
    '.slideshow { animation: cycle 12s infinite } @keyframes cycle { 0% { background-image: url(a.jpg) } 50% { background-image: url("b.jpg") } }' +
    ' @-webkit-keyframes unused { from { background-image: url(c.jpg) } } .gone { animation-name: gone } @keyframes gone { to { background-image: url(d.jpg) } }' +
    ' @keyframes fade { from { opacity: 0 } } .slideshow { animation-name: fade }';
  const kept = usedRules(css, (selector) => selector === '.slideshow');

  it('keeps the keyframes a matching rule animates, with the pictures they name', () => {
    expect(imagesInCssText(kept).map((image) => image.url)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('leaves out keyframes no matching rule uses, and those naming no picture', () => {
    expect(kept).not.toMatch(/c\.jpg|d\.jpg|opacity/);
  });
});
