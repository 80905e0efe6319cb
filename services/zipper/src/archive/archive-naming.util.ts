import { baseNameFromUrl, dateStamp, hostLabel, sanitiseNamePart } from '../naming/image-file-name.util';

/**
 * `images/NNN-{alt or the URL's base name}.{ext}`: the 3-digit index (it grows past 999) comes from the image's
 * place in the request, so two entries can never share a name even when their alt texts are equal; the label is
 * alphanumerics and underscores only, so no entry can leave the folder or name a device. `folder` (a crawl page's,
 * see pageFolderName) goes between `images/` and the name.
 */
export function archiveEntryName(
  index: number,
  url: string,
  alt: string | undefined,
  extension: string,
  folder?: string,
): string {
  const number = index + 1;
  const label = sanitiseNamePart(alt ?? '') || sanitiseNamePart(baseNameFromUrl(url)) || `image-${number}`;
  return `images/${folder ? `${folder}/` : ''}${String(number).padStart(3, '0')}-${label}.${extension}`;
}

/**
 * A crawl page's folder: `NNN-{host and path}`, numbered in the crawl's page order (two pages never share one)
 * and of name-safe characters only (no `..`, no separators).
 */
export function pageFolderName(pageIndex: number, pageUrl: string): string {
  const url = URL.canParse(pageUrl) ? new URL(pageUrl) : undefined;
  const label = sanitiseNamePart(url ? `${url.hostname}${url.pathname}${url.search}` : pageUrl).slice(0, 80);
  return `${String(pageIndex + 1).padStart(3, '0')}-${label || 'page'}`;
}

/** `{domain}-images-{YYYY-MM-DD}.zip`, the domain of the source page (else of the first image). */
export function archiveFileName(sourceUrl: string | undefined, firstImageUrl: string | undefined, now: Date): string {
  return `${hostLabel(sourceUrl) ?? hostLabel(firstImageUrl) ?? 'pixtract'}-images-${dateStamp(now)}.zip`;
}

/** One line per URL in the text files: a URL with line breaks or control characters must not forge lines. */
export function textLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this replaces
  return text.replace(/[\u0000-\u001f\u007f]/g, '?');
}
