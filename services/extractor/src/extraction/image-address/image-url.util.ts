/** Longer "URLs" are not images we can hand on; signed CDN URLs stay well below this. */
const MAX_IMAGE_URL_LENGTH = 8192;
/** data: images are kept up to this length (larger ones are real images, but not worth a JSON payload). */
const MAX_DATA_URI_LENGTH = 1_000_000;

const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+[;,]/i;

/**
 * The absolute form used for reporting: resolved against the element's base URL, http(s) or a data:image URI
 * (blob:, file:, javascript: and the like are refused), fragment removed.
 */
export function resolveImageUrl(raw: string, base: string): string | undefined {
  const text = raw.trim();
  // Empty, or a fragment alone (`src="#"`, `data-bg="#f5f5f5"`): that names the page itself, never a picture.
  if (!text || text.startsWith('#')) return undefined;
  if (DATA_IMAGE.test(text)) return text.length <= MAX_DATA_URI_LENGTH ? text : undefined;
  if (text.length > MAX_IMAGE_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.hash = '';
  return url.href.length > MAX_IMAGE_URL_LENGTH ? undefined : url.href;
}

const UNRESERVED = /%(2[DdEe]|3[0-9]|4[1-9A-Fa-f]|5[0-9Aa]|5[Ff]|6[1-9A-Fa-f]|7[0-9Aa]|7[Ee])/g;

/**
 * The identity used for de-duplication: on top of resolveImageUrl's form (default port, host case, relative
 * paths, fragment), percent-escapes of unreserved characters are decoded and the others upper-cased, so
 * `/a%2Db.png` and `/a-b.png` are one image, and so are its http and https addresses.
 */
export function normaliseImageUrl(url: string): string {
  if (url.startsWith('data:')) return url;
  // One file over http and https: an og:image names the https copy of the picture a page shows over http.
  return url
    .replace(/^https:/, 'http:')
    .replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase())
    .replace(UNRESERVED, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
}

/** `png` for `/a/photo.PNG?x=1` (or `data:image/png;...`); undefined when the URL names no extension. */
export function extensionOf(url: string): string | undefined {
  if (url.startsWith('data:')) return /^data:image\/([a-z0-9]+)/i.exec(url)?.[1].toLowerCase().replace('jpeg', 'jpg');
  const match = /\.([a-z0-9]{1,5})$/i.exec(new URL(url).pathname);
  return match?.[1].toLowerCase();
}

/** Extensions of image files, for gallery links and the like. */
export const IMAGE_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'jpe',
  'jfif',
  'png',
  'gif',
  'webp',
  'avif',
  'svg',
  'bmp',
  'ico',
  'tif',
  'tiff',
  'apng',
  'heic',
  'heif',
  'jxl',
]);
