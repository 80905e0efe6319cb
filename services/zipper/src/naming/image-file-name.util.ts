import type { ImageFormat } from '../fetching/image-signature.util';

/** Extensions a URL may lend a saved file (the seed's list), by the format they name. */
const URL_EXTENSIONS: Record<string, ImageFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  svg: 'svg',
  avif: 'avif',
};

export const EXTENSION_OF_FORMAT: Record<ImageFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
  bmp: 'bmp',
  ico: 'ico',
  tiff: 'tiff',
};

function lastPathSegment(url: string): string {
  if (!URL.canParse(url)) return '';
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A saved file's extension: the URL's when it names the format the bytes are (`Photo.JPEG` stays `.jpeg`), else
 * the format's own, since CDNs (Cloudinary's f_auto, Wix) serve WebP and AVIF under `.jpg` URLs.
 */
export function savedExtension(url: string, format: ImageFormat): string {
  const fromUrl = /\.([a-z0-9]+)$/i.exec(lastPathSegment(url))?.[1]?.toLowerCase();
  return fromUrl && URL_EXTENSIONS[fromUrl] === format ? fromUrl : EXTENSION_OF_FORMAT[format];
}

/** The URL's file name without its extension: `.../red-car.png` → `red-car`. */
export function baseNameFromUrl(url: string): string {
  return lastPathSegment(url).replace(/\.[^.]*$/, '');
}

/**
 * The seed's rule: alphanumerics and underscores only, at most `max` characters. Every other character (dots,
 * slashes, backslashes, colons, control and bidi characters) becomes an underscore, so no result can name a
 * path, a drive or a hidden file; runs of underscores collapse so `../../x` reads `x`, not `______x`.
 */
export function sanitiseNamePart(text: string, max = 30): string {
  return text
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, max)
    .replace(/_$/, '');
}

/** A host for a file name: letters, digits, dots and hyphens (an IPv6 literal's colons become hyphens). */
export function hostLabel(url: string | undefined): string | undefined {
  if (!url || !URL.canParse(url)) return undefined;
  const host = new URL(url).hostname.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '');
  return host || undefined;
}

/** YYYY-MM-DD in UTC, as in `{domain}-images-{date}.zip`. */
export function dateStamp(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Content-Disposition for a download: an ASCII fallback and the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A single image's download name (proxy `download=1`): `{host}-{base name or image}-{date}.{ext}`. */
export function imageDownloadName(url: string, extension: string, now: Date): string {
  const base = sanitiseNamePart(baseNameFromUrl(url)) || 'image';
  return `${hostLabel(url) ?? 'image'}-${base}-${dateStamp(now)}.${extension}`;
}
