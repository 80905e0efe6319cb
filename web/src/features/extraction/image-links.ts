/** Thumbnails in the grid are this wide (the proxy keeps the aspect ratio); twice the widest tile's CSS width. */
const THUMBNAIL_WIDTH = 640;

const proxy = (params: Record<string, string>) => `/api/proxy-image?${new URLSearchParams(params)}`;

/** Downloads go through the gateway's proxy: it fetches safely and sets a save-as file name. */
export const imageDownloadUrl = (fileUrl: string): string => proxy({ url: fileUrl, download: '1' });

/** A proxied, resized copy for when the image cannot be shown directly (hotlink protection, mixed content, slow host). */
export const imageThumbnailUrl = (fileUrl: string, sourceUrl: string): string =>
  proxy({ url: fileUrl, sourceUrl, w: String(THUMBNAIL_WIDTH) });

/** An image's name when nothing better is known: the last part of its address. */
export function imageFileName(fileUrl: string): string {
  const path = URL.canParse(fileUrl) ? new URL(fileUrl).pathname : fileUrl;
  return decodeURIComponent(path.split('/').filter(Boolean).pop() ?? fileUrl);
}

/** The full-page screenshot of the extracted page. */
export const pageScreenshotUrl = (pageUrl: string): string => proxy({ url: pageUrl, fullpage: 'true' });

/** Hosts whose images are known to refuse direct embedding: they go through the proxy from the start. */
export function prefersProxy(fileUrl: string): boolean {
  try {
    return /\.(gov|edu|mil)(\.[a-z]{2})?$/i.test(new URL(fileUrl).hostname);
  } catch {
    return false;
  }
}
