import { customPropertiesIn, customPropertiesUsedForImages, imagesInCssText, imagesInCssValue } from './css-image.util';

describe('imagesInCssValue', () => {
  it('reads every url() of a multiple background, quoted or not', () => {
    expect(imagesInCssValue(`url("a.png"), linear-gradient(red, blue), url(b.jpg), url('c d.webp')`)).toEqual([
      { url: 'a.png', variants: [] },
      { url: 'b.jpg', variants: [] },
      { url: 'c d.webp', variants: [] },
    ]);
  });

  it('takes the densest image-set() candidate and keeps the others as variants', () => {
    expect(imagesInCssValue('image-set(url("s.png") 1x, url("l.png") 2x, "m.png" 1.5x)')).toEqual([
      { url: 'l.png', variants: ['s.png', 'm.png'] },
    ]);
    expect(imagesInCssValue('-webkit-image-set("a.avif" type("image/avif"), "b.png" 192dpi)')).toEqual([
      { url: 'b.png', variants: ['a.avif'] },
    ]);
    // A type the browser does not decode is never the one shown, however dense.
    expect(
      imagesInCssValue('image-set(url(a.jxl) type("image/jxl") 2x, url(a.webp) type("image/webp") 2x, url(s.webp) 1x)'),
    ).toEqual([{ url: 'a.webp', variants: ['a.jxl', 's.webp'] }]);
  });
});

describe('imagesInCssValue, hostile and awkward escapes', () => {
  it('reads a hex escape beyond Unicode as U+FFFD instead of throwing', () => {
    expect(imagesInCssValue('url("a\\110000.png"), url("b\\0 .png"), url("c\\d800 .png")')).toEqual([
      { url: 'a\uFFFD.png', variants: [] },
      { url: 'b\uFFFD.png', variants: [] },
      { url: 'c\uFFFD.png', variants: [] },
    ]);
  });

  it('answers at once for a url() full of hex escapes that never closes properly (no backtracking blow-up)', () => {
    const hostile = `url(${'\\aaaaaa'.repeat(40)} x y)`;
    expect(imagesInCssValue(hostile)).toEqual([]);
    expect(imagesInCssText(`.a { background: ${hostile} }`)).toEqual([]);
  });
});

describe('imagesInCssValue, CSS escapes in url()', () => {
  it('reads escaped spaces, parentheses and hex escapes in an unquoted url(), and escapes in quoted ones', () => {
    expect(
      imagesInCssValue(String.raw`url(a\ b.png), url(a\(1\).png), url(c\31 d.png), url("e\"f.png"), url('g\'h.png')`),
    ).toEqual([
      { url: 'a b.png', variants: [] },
      { url: 'a(1).png', variants: [] },
      { url: 'c1d.png', variants: [] },
      { url: 'e"f.png', variants: [] },
      { url: "g'h.png", variants: [] },
    ]);
  });

  it('reads escapes in image-set() candidates, whose parentheses do not end the set', () => {
    expect(imagesInCssValue(String.raw`image-set(url(s\(1x\).png) 1x, "l\).png" 2x), url(after.png)`)).toEqual([
      { url: 'l).png', variants: ['s(1x).png'] },
      { url: 'after.png', variants: [] },
    ]);
  });

  it('names nothing for an unquoted url() that CSS refuses: a bare space or parenthesis inside', () => {
    expect(imagesInCssValue('url(a b.png), url(a(1).png)')).toEqual([]);
  });

  it('keeps a declaration whole when an escaped url() holds a semicolon or a parenthesis', () => {
    expect(
      imagesInCssText(String.raw`.a { background: url(x\;y.png) center, url(z\).png); color: red }`).map(
        (image) => image.url,
      ),
    ).toEqual(['x;y.png', 'z).png']);
  });
});

describe('imagesInCssText', () => {
  it('reads a declaration whose url() or string holds a semicolon (data: URIs, charset parameters)', () => {
    const css = `.badge { background-image: url(data:image/png;base64,iVBORw0KGgo=); color: red } .icon { background: url("icon.svg;v=2") center }`;
    expect(imagesInCssText(css).map((image) => image.url)).toEqual([
      'data:image/png;base64,iVBORw0KGgo=',
      'icon.svg;v=2',
    ]);
    expect(customPropertiesIn(':root { --dot: url(data:image/gif;base64,R0lGOD=) }').get('--dot')).toEqual([
      'url(data:image/gif;base64,R0lGOD=)',
    ]);
  });

  it('finds pictures in background, content and list-style declarations, not fonts or imports', () => {
    const css = `@import url(theme.css); @font-face { font-family: X; src: url(x.woff2); }
      /* url(commented.png) */ .a { background: #fff url(bg.png) no-repeat; } .b::after { content: url(after.svg) } ul { list-style-image: url(dot.gif) }
      .c { cursor: url(hand.cur), auto; mask-image: url(mask.svg); } .d { -webkit-mask: url(wm.svg) center / contain; mask-size: 10px }`;
    expect(imagesInCssText(css).map((image) => image.url)).toEqual([
      'bg.png',
      'after.svg',
      'dot.gif',
      'mask.svg',
      'wm.svg',
    ]);
  });

  it('names only the declaration in force in a block: the last, or the last !important one, shorthands included', () => {
    const css = `.hero { background-image: url(fallback.jpg); background-image: image-set("hero.jpg" 1x, "hero@2x.jpg" 2x) }
      .logo { background: url(old.png) no-repeat; background-image: url(new.png) } .pin { background-image: url(kept.png) !important; background-image: url(lost.png) }
      .a { background-image: url(a.png) } .a { background-image: url(again.png) } @media print { .p { background: url(print-1.png); background: url(print-2.png) } }`;
    expect(imagesInCssText(css).map((image) => image.url)).toEqual([
      'hero@2x.jpg',
      'new.png',
      'kept.png',
      'a.png',
      'again.png',
      'print-2.png',
    ]);
  });

  it('reads var() through the custom properties it is given, fallback included, and names nothing for an unknown one', () => {
    const tokens = customPropertiesIn(
      ':root { --hero: url(hero.jpg); --accent: #c00; --icon: image-set("i.png" 1x, "i@2x.png" 2x) }',
    );
    expect([...tokens.keys()]).toEqual(['--hero', '--icon']);
    const css =
      '.a { background-image: var(--hero) } .b { background: var(--icon) } .c { background-image: var(--missing, url(fallback.png)) } .d { background-image: var(--missing) }';
    expect(imagesInCssText(css, tokens)).toEqual([
      { url: 'hero.jpg', variants: [] },
      { url: 'i@2x.png', variants: ['i.png'] },
      { url: 'fallback.png', variants: [] },
    ]);
  });

  it('follows custom properties that hold other custom properties, fallback included', () => {
    const tokens = customPropertiesIn(
      ':root { --img: url(/a.jpg); --bg2: var(--img); --bg3: var(--bg2); --alt: var(--missing, url(alt.png)) }',
    );
    expect(imagesInCssText('.x { background: var(--bg3) } .y { background-image: var(--alt) }', tokens)).toEqual([
      { url: '/a.jpg', variants: [] },
      { url: 'alt.png', variants: [] },
    ]);
  });

  it('names nothing for a custom property cycle', () => {
    const cycle = customPropertiesIn(':root { --a: var(--b); --b: var(--a); --self: var(--self) }');
    expect(imagesInCssText('.x { background: var(--a) } .y { background: var(--self), url(kept.png) }', cycle)).toEqual(
      [{ url: 'kept.png', variants: [] }],
    );
  });

  it('refuses a value that var() blows up level by level, as browsers do, and still reads a modest fan-out', () => {
    const levels = Array.from(
      { length: 8 },
      (_, level) => `--l${level + 1}: var(--l${level}) var(--l${level}) var(--l${level}) var(--l${level});`,
    );
    const doubling = customPropertiesIn(`:root { --l0: url(big.png) ${'x'.repeat(100)}; ${levels.join(' ')} }`);
    expect(imagesInCssText('.x { background: var(--l8) } .y { background: var(--l2) }', doubling)).toEqual(
      Array.from({ length: 16 }, () => ({ url: 'big.png', variants: [] })),
    );
  });

  it("keeps every picture a custom property is given by different rules, each block's last one", () => {
    const sections = customPropertiesIn(
      '.section--dark { --pattern: url(dark.svg) } .section--light { --pattern: url(light.svg); --pattern: url(light-2.svg) }',
      ':root { --pattern: url(dark.svg) }',
    );
    expect(sections.get('--pattern')).toEqual(['url(dark.svg)', 'url(light-2.svg)']);
    expect(
      imagesInCssText('.section { background-image: var(--pattern) }', sections).map((image) => image.url),
    ).toEqual(['dark.svg', 'light-2.svg']);
  });

  it('tells which custom properties image declarations read', () => {
    expect(
      customPropertiesUsedForImages(
        '.card { background-image: var(--card-picture, none); color: var(--ink) } .x { --bg: url(a.png) }',
      ),
    ).toEqual(['--card-picture']);
  });

  it('counts the custom properties a used one reads as used, and not those only unused ones read', () => {
    const css =
      '.card { background: var(--card) } :root { --card: var(--photo); --photo: var(--card); --token: var(--brand) }';
    expect(customPropertiesUsedForImages(css)).toEqual(['--card', '--photo']);
  });
});
