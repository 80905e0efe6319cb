import { drawsSomething, namesPlaceholder } from './svg-drawing.util';

const svg = (attributes: string, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${content}</svg>`;
const BLUR = '<filter id="b"><feGaussianBlur stdDeviation="20"/></filter>';

describe('drawsSomething', () => {
  it.each([
    ['a path', svg(' viewBox="0 0 24 24"', '<path d="M2 2h20v20z"/>')],
    [
      'an outlined shape with no fill',
      svg(' fill="none" stroke="currentColor"', '<circle cx="12" cy="12" r="10" fill="none"/>'),
    ],
    [
      'a shape outside the sprite it also defines',
      svg('', '<defs><symbol id="a"><path d="M0 0"/></symbol></defs><use href="#a"/><rect width="4" height="4"/>'),
    ],
    ['text', svg('', '<text x="0" y="10">Sale</text>')],
    ['a half-transparent shape', svg('', '<rect width="10" height="10" fill-opacity="0.5"/>')],
    [
      'an icon drawn from a symbol it carries',
      svg(
        ' width="24" height="24"',
        '<defs><symbol id="i-cart" viewBox="0 0 24 24"><path d="M2 2h20v20z"/></symbol></defs><use href="#i-cart"/>',
      ),
    ],
    [
      'an icon drawn from a symbol by xlink:href',
      svg(
        ' width="24" height="24"',
        '<symbol id="i-star"><circle cx="12" cy="12" r="10"/></symbol><use xlink:href="#i-star"></use>',
      ),
    ],
  ])('draws %s', (_, markup) => {
    expect(drawsSomething(markup)).toBe(true);
  });

  it.each([
    ['an empty sizer', '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"/>'],
    ['a sprite sheet', svg(' style="display: none"', '<symbol id="a"><path d="M0 0"/></symbol>')],
    [
      'definitions only',
      svg('', '<defs><path id="p" d="M0 0"/></defs><clipPath id="c"><rect width="1" height="1"/></clipPath>'),
    ],
    ['a lone <use> of a sprite', svg('', '<use href="/sprite.svg#cart"/>')],
    ['a <use> of a definition not carried', svg('', '<use href="#i-cart"/>')],
    ['a <use> of a symbol that paints nothing', svg('', '<symbol id="e"><rect fill="none"/></symbol><use href="#e"/>')],
    ['a hidden root', svg(' hidden', '<path d="M0 0h4"/>')],
    ['a root of zero width', svg(' width="0" height="0"', '<path d="M0 0h4"/>')],
    [
      'a shape filled with nothing and no stroke',
      svg('', '<rect width="100%" height="100%" fill="transparent"/><rect style="fill: none"/>'),
    ],
    [
      "Avada's placeholder: a shape at no opacity",
      svg(' width="480" height="300"', '<rect width="100%" height="100%" fill-opacity="0"/><rect style="opacity:0"/>'),
    ],
    ['no markup at all', 'not an svg'],
  ])('draws nothing: %s', (_, markup) => {
    expect(drawsSomething(markup)).toBe(false);
  });

  it('counts an embedded picture only where asked (a standalone file), and never a blurred one', () => {
    const sharp = svg('', '<image href="photo.jpg"/>');
    expect([drawsSomething(sharp), drawsSomething(sharp, true)]).toEqual([false, true]);
    expect(
      drawsSomething(
        svg(' viewBox="0 0 1200 800"', `${BLUR}<image filter="url(#b)" href="data:image/jpeg;base64,/9j/"/>`),
        true,
      ),
    ).toBe(false);
    expect(drawsSomething(svg('', `${BLUR}<image style="filter: url('#b');" href="a.jpg"/>`), true)).toBe(false);
    expect(drawsSomething(svg('', '<image style="filter: blur(8px)" href="a.jpg"/>'), true)).toBe(false);
    expect(
      drawsSomething(
        svg(
          '',
          '<filter id="s"><feColorMatrix type="saturate" values="0"/></filter><image filter="url(#s)" href="a.jpg"/>',
        ),
        true,
      ),
    ).toBe(true);
  });
});

describe('namesPlaceholder', () => {
  it.each([
    'class="placeholder-svg"',
    'class="placeholder-svg placeholder-svg--small"',
    'class="product-card__placeholder"',
    'id="placeholder"',
    "class='icon media-placeholder'",
  ])('%s names a placeholder', (attributes) => {
    expect(namesPlaceholder(svg(` ${attributes}`, '<path d="M0 0h4"/>'))).toBe(true);
  });

  it.each([
    'class="no-placeholder-icon"',
    'class="icon icon-cart"',
    'class="placeholders-gallery"',
    'data-role="placeholder"',
    '',
  ])('%s does not', (attributes) => {
    expect(namesPlaceholder(svg(` ${attributes}`, '<path d="M0 0h4"/>'))).toBe(false);
  });
});
