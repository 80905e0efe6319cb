import { fileNameFromPattern, type NamingValues } from '@pixtract/contracts';
import { dateStamp, hostLabel } from '../naming/image-file-name.util';

/**
 * `images/{name from the naming pattern}.{ext}`; the seed's pattern `{n}-{alt}` makes `NNN-{alt or the URL's base
 * name}`. Every token is alphanumerics and underscores only, so no entry can leave the folder or name a device.
 */
export function archiveEntryName(pattern: string, values: NamingValues, extension: string): string {
  return `images/${fileNameFromPattern(pattern, values)}.${extension}`;
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
