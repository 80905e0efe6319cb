import { baseNameFromUrl, dateStamp, hostLabel, sanitiseNamePart } from '../naming/image-file-name.util';

/**
 * `images/NNN-{alt or the URL's base name}.{ext}`: the 3-digit index (it grows past 999) comes from the image's
 * place in the request, so two entries can never share a name even when their alt texts are equal; the label is
 * alphanumerics and underscores only, so no entry can leave the folder or name a device.
 */
export function archiveEntryName(index: number, url: string, alt: string | undefined, extension: string): string {
  const number = index + 1;
  const label = sanitiseNamePart(alt ?? '') || sanitiseNamePart(baseNameFromUrl(url)) || `image-${number}`;
  return `images/${String(number).padStart(3, '0')}-${label}.${extension}`;
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
