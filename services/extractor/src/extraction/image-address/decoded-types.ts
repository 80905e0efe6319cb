/** Formats Chromium decodes: a `<source>` or an image-set() candidate of another type (JPEG XL, HEIC) it skips. */
const DECODED_TYPES = new Set([
  'image/avif',
  'image/webp',
  'image/png',
  'image/apng',
  'image/jpeg',
  'image/jpg',
  'image/gif',
  'image/svg+xml',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/** Whether the browser would show a file declared as `type`; no declared type, no reason to skip it. */
export function isDecodedType(type: string | undefined): boolean {
  return !type?.trim() || DECODED_TYPES.has(type.trim().toLowerCase());
}
