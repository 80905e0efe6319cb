import { ImageHeader, readImageHeader } from '@pixtract/image-header';

/** The media type of a data: URI, lower-cased (`image/svg+xml` for `data:image/SVG+xml;charset=utf-8,…`). */
export function dataUriMimeType(uri: string): string {
  return uri
    .slice(5, Math.max(5, uri.indexOf(',')))
    .split(';')[0]
    .trim()
    .toLowerCase();
}

/** The bytes of a data: URI (base64 or percent-encoded), read as browsers read them. */
export function dataUriBytes(uri: string): Buffer | undefined {
  const comma = uri.indexOf(',');
  if (comma < 0) return undefined;
  const payload = percentDecoded(uri.slice(comma + 1));
  return /;\s*base64\s*$/i.test(uri.slice(5, comma)) ? Buffer.from(payload.toString('latin1'), 'base64') : payload;
}

/**
 * The image a data: URI holds, or undefined when it holds none: bytes without a readable image header. SVG is text
 * and its header a guess (a DOCTYPE with entities defeats it): its bytes count as an image without one, since the
 * noise rules already judged what it draws.
 */
export function dataUriImage(uri: string): { bytes: Buffer; header?: ImageHeader } | undefined {
  const bytes = dataUriBytes(uri);
  const header = bytes && readImageHeader(bytes);
  return bytes && (header || dataUriMimeType(uri) === 'image/svg+xml') ? { bytes, header } : undefined;
}

/** A `%` not followed by two hex digits stays as it is, as in browsers: unencoded SVG has `width='100%'`. */
function percentDecoded(text: string): Buffer {
  return Buffer.concat(
    text
      .split(/(%[0-9a-f]{2})/i)
      .map((part, index) => (index % 2 ? Buffer.of(Number.parseInt(part.slice(1), 16)) : Buffer.from(part, 'utf8'))),
  );
}
