import sniffHtmlEncoding from 'html-encoding-sniffer';
import { decode, encodingExists } from 'iconv-lite';

/** A page's or stylesheet's text, and the encoding it was read in (its WHATWG name: `windows-1252`, `shift_jis`). */
export interface DecodedText {
  text: string;
  encoding: string;
}

/**
 * An HTML page's text as a browser decodes it: by its BOM, else the Content-Type charset, else a `<meta charset>` /
 * `<meta http-equiv="Content-Type">` in its first 1024 bytes. A page that declares nothing is read as UTF-8 when
 * its bytes are valid UTF-8, else as windows-1252 (the browsers' legacy default for Western locales): the
 * browser's fixed default alone would garble today's undeclared pages, which are UTF-8.
 */
export function decodeHtml(bytes: Buffer, contentType: string | undefined): DecodedText {
  const declared = encodingNamed(declaredHtmlEncoding(bytes, charsetOf(contentType)));
  if (declared) return decodeAs(bytes, declared);
  try {
    // Streaming: a body cut at its size cap may end inside a character.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true }), encoding: 'utf-8' };
  } catch {
    return decodeAs(bytes, 'windows-1252');
  }
}

/**
 * A stylesheet's text as CSS Syntax decodes it: by its BOM, else the Content-Type charset, else an
 * `@charset "…";` at its very start, else the encoding of the page or sheet that refers to it.
 */
export function decodeCss(bytes: Buffer, contentType: string | undefined, referrerEncoding: string): DecodedText {
  const charsetRule = /^@charset "([^"]*)";/.exec(bytes.subarray(0, 1024).toString('latin1'))?.[1];
  const encoding =
    bomEncoding(bytes) ??
    encodingNamed(charsetOf(contentType)) ??
    asciiCompatible(encodingNamed(charsetRule)) ??
    asciiCompatible(encodingNamed(referrerEncoding)) ??
    'utf-8';
  return decodeAs(bytes, encoding);
}

/** The encoding the page names (BOM, header, `<meta>`), or undefined when it names none. */
function declaredHtmlEncoding(bytes: Buffer, transportLayerEncodingLabel: string | undefined): string | undefined {
  try {
    // '' for "none declared": the sniffer's own default would hide that the page named nothing.
    return sniffHtmlEncoding(bytes, { transportLayerEncodingLabel, defaultEncoding: '' }) || undefined;
  } catch {
    // html-encoding-sniffer 4 throws on a `content` ending at "charset" (`content="text/html; charset"`): no <meta> read.
    return undefined;
  }
}

/** The `charset` parameter of a Content-Type header. */
function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
}

function bomEncoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** The Encoding standard's name for a label (`latin1` and `iso-8859-1` are windows-1252, as in browsers); undefined for an unknown one. */
function encodingNamed(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/**
 * UTF-16 is taken only from a BOM or the header. An `@charset` naming it was itself written in ASCII bytes (CSS
 * Syntax reads it as UTF-8), and so, we take it, are a UTF-16 page's stylesheets.
 */
function asciiCompatible(encoding: string | undefined): string | undefined {
  return encoding?.startsWith('utf-16') ? 'utf-8' : encoding;
}

/**
 * iconv-lite decodes (and drops a BOM): Node 20's TextDecoder reads windows-1252's 0x80–0x9F as control characters,
 * not "€", "“"…. TextDecoder only for what iconv-lite lacks (iso-2022-jp, x-mac-cyrillic).
 */
function decodeAs(bytes: Buffer, encoding: string): DecodedText {
  return {
    text: encodingExists(encoding) ? decode(bytes, encoding) : new TextDecoder(encoding).decode(bytes),
    encoding,
  };
}
