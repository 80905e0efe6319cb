import { isoImageType } from '@pixtract/image-header';

/** The image formats Pixtract serves, by what their first bytes say. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg' | 'bmp' | 'ico' | 'tiff';

export const MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tiff: 'image/tiff',
};

/** What an image's first bytes must be read up to: enough for every binary signature and an SVG's prolog. */
export const SIGNATURE_BYTES = 4096;

const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** An SVG is XML text whose first element is <svg> (after an optional BOM, XML declaration, comments, doctype). */
function isSvg(head: Buffer): boolean {
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  const prolog = text.replace(/^\s*(<\?xml[\s\S]*?\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  return /^<svg[\s>/]/i.test(prolog);
}

/** The format the bytes really are, whatever the server said; undefined when they are no image we serve. */
export function sniffImageFormat(head: Buffer): ImageFormat | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  // HEIC is not served.
  if (isoImageType(head) === 'image/avif') return 'avif';
  if (ascii(head, 0, 2) === 'BM' && head.length >= 26) return 'bmp';
  if (startsWith(head, [0x00, 0x00, 0x01, 0x00]) && head.length >= 22) return 'ico';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  return isSvg(head) ? 'svg' : undefined;
}

/** The media type without parameters, lower-cased: `Image/PNG; charset=x` → `image/png`. */
function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The declared type must be an image and the bytes must be an image; a server that calls a PNG image/jpeg is
 * common and harmless, but `text/html` with PNG bytes or `image/png` with HTML bytes is refused either way.
 */
export function declaredAndSniffedAgree(
  contentType: string | undefined,
  sniffed: ImageFormat | undefined,
): sniffed is ImageFormat {
  if (!sniffed || !mediaTypeOf(contentType).startsWith('image/')) return false;
  // Text that claims to be a raster image is the classic polyglot; an SVG must say it is one.
  return sniffed !== 'svg' || mediaTypeOf(contentType) === MIME_TYPES.svg;
}
