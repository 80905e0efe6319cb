import { baseNameFromUrl, sanitiseNamePart, urlExtension } from '@pixtract/contracts';
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

/**
 * A saved file's extension: the URL's when it names the format the bytes are (`Photo.JPEG` stays `.jpeg`), else
 * the format's own, since CDNs (Cloudinary's f_auto, Wix) serve WebP and AVIF under `.jpg` URLs.
 */
export function savedExtension(url: string, format: ImageFormat): string {
  const fromUrl = urlExtension(url);
  return fromUrl && URL_EXTENSIONS[fromUrl] === format ? fromUrl : EXTENSION_OF_FORMAT[format];
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
