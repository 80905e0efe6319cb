import { renditionInFormat, type ExtractedFile, type SaveFormat } from '@pixtract/contracts';

/** Thumbnails in the grid are this wide (the proxy keeps the aspect ratio); twice the widest tile's CSS width. */
const THUMBNAIL_WIDTH = 640;

const proxy = (params: Record<string, string>) => `/api/proxy-image?${new URLSearchParams(params)}`;

/** How one download is asked for: the format, the naming pattern and the picture's number in the list. */
interface DownloadRequest {
  format: SaveFormat;
  naming: string;
  number: number;
  /** The extracted page: sent upstream as Referer, and the `{host}`/`{page}` of the name. */
  sourceUrl: string;
}

/**
 * Downloads go through the gateway's proxy: it fetches safely, converts to the asked format (taking the page's own
 * file in that format when it offers one) and names the file from the pattern.
 */
export function imageDownloadUrl(file: ExtractedFile, { format, naming, number, sourceUrl }: DownloadRequest): string {
  const converted = format !== 'original';
  const params: Record<string, string> = {
    url: (converted && renditionInFormat(file, format)) || file.fileUrl,
    sourceUrl,
    download: '1',
    naming,
    n: String(number),
  };
  if (converted) params.format = format;
  if (file.alt?.trim()) params.alt = file.alt.trim();
  return proxy(params);
}

/** The picture as a PNG (what the clipboard takes), converted by the proxy. */
export const imagePngUrl = (fileUrl: string, sourceUrl: string): string =>
  proxy({ url: fileUrl, sourceUrl, format: 'png' });

/**
 * A proxied, resized copy for when the image cannot be shown directly (hotlink protection, mixed content, slow host),
 * or where the page it came from is not at hand (the dashboard's recent images).
 */
export const imageThumbnailUrl = (fileUrl: string, sourceUrl?: string): string =>
  proxy({ url: fileUrl, ...(sourceUrl && { sourceUrl }), w: String(THUMBNAIL_WIDTH) });

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
