import { decodeCss, decodeHtml } from './text-encoding.util';

const windows1252 = (text: string) => Buffer.from(text, 'latin1');
const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
/** "富士山" in Shift_JIS: its second bytes include 0x5C, the backslash of ASCII. */
const FUJI_SJIS = Buffer.from([0x95, 0x78, 0x8e, 0x6d, 0x8e, 0x52]);

describe('decodeHtml', () => {
  it('reads the BOM first, then the Content-Type charset, then a <meta> in the first 1024 bytes', () => {
    expect(decodeHtml(utf16le('<p>Café</p>'), 'text/html; charset=windows-1252')).toEqual({
      text: '<p>Café</p>',
      encoding: 'utf-16le',
    });
    expect(decodeHtml(windows1252('<meta charset="utf-8"><p>Café</p>'), 'text/html; charset="ISO-8859-1"')).toEqual({
      text: '<meta charset="utf-8"><p>Café</p>',
      encoding: 'windows-1252',
    });
    expect(decodeHtml(Buffer.concat([Buffer.from('<meta charset=shift_jis><p>'), FUJI_SJIS]), 'text/html').text).toBe(
      '<meta charset=shift_jis><p>富士山',
    );
    expect(
      decodeHtml(
        windows1252('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>Grüße 10 €'),
        undefined,
      ).encoding,
    ).toBe('windows-1252');
  });

  it("reads windows-1252's 0x80–0x9F as browsers do (€, “ ”), whichever label names it", () => {
    const bytes = Buffer.concat([Buffer.from('<p>10 '), Buffer.from([0x80, 0x20, 0x93, 0x61, 0x94])]);
    for (const label of ['windows-1252', 'iso-8859-1', 'latin1', 'us-ascii'])
      expect(decodeHtml(bytes, `text/html; charset=${label}`)).toEqual({
        text: '<p>10 € “a”',
        encoding: 'windows-1252',
      });
  });

  it('reads an undeclared page as UTF-8 when its bytes are, else as windows-1252', () => {
    expect(decodeHtml(Buffer.from('<p>Café 写真</p>'), 'text/html')).toEqual({
      text: '<p>Café 写真</p>',
      encoding: 'utf-8',
    });
    expect(decodeHtml(windows1252('<p>Café</p>'), 'text/html')).toEqual({
      text: '<p>Café</p>',
      encoding: 'windows-1252',
    });
    // Cut at the size cap inside "é": still UTF-8.
    expect(decodeHtml(Buffer.from('<p>Café').subarray(0, -1), undefined).encoding).toBe('utf-8');
  });

  it('ignores an unknown charset label, and a <meta> content ending at "charset" (the sniffer used to throw on it)', () => {
    expect(decodeHtml(windows1252('<meta charset=shift_jis><p>x'), 'text/html; charset=no-such-thing').encoding).toBe(
      'shift_jis',
    );
    expect(
      decodeHtml(windows1252('<meta http-equiv="Content-Type" content="text/html; charset"><p>Café</p>'), undefined),
    ).toEqual({
      text: '<meta http-equiv="Content-Type" content="text/html; charset"><p>Café</p>',
      encoding: 'windows-1252',
    });
  });
});

describe('decodeCss', () => {
  const css = '.hero { background: url("café.png") }';

  it('reads the BOM, then the Content-Type charset, then @charset at the very start, then the referring encoding', () => {
    expect(decodeCss(utf16le(css), 'text/css; charset=windows-1252', 'utf-8').text).toBe(css);
    expect(decodeCss(windows1252(css), 'text/css; charset=windows-1252', 'utf-8').text).toBe(css);
    expect(decodeCss(windows1252(`@charset "windows-1252"; ${css}`), 'text/css', 'utf-8').text).toBe(
      `@charset "windows-1252"; ${css}`,
    );
    expect(decodeCss(windows1252(css), 'text/css', 'windows-1252')).toEqual({ text: css, encoding: 'windows-1252' });
    expect(decodeCss(Buffer.from(css), undefined, 'utf-8')).toEqual({ text: css, encoding: 'utf-8' });
  });

  it('reads @charset only as written at the very start, and UTF-16 named there or by the page as UTF-8', () => {
    expect(decodeCss(Buffer.from(` @charset "windows-1252"; ${css}`), 'text/css', 'utf-8').encoding).toBe('utf-8');
    expect(decodeCss(Buffer.from(`@charset "utf-16"; ${css}`), 'text/css', 'windows-1252').encoding).toBe('utf-8');
    expect(decodeCss(Buffer.from(css), 'text/css', 'utf-16le')).toEqual({ text: css, encoding: 'utf-8' });
  });
});
