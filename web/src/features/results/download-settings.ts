import {
  ANIMATED_SAVE_FORMATS,
  DEFAULT_NAMING_PATTERN,
  fileNameFromPattern,
  namingPatternSchema,
  SAVE_FORMATS,
  type ExtractedFile,
  type SaveFormat,
} from '@pixtract/contracts';
import { fileTypeOf } from './results-view';

/** How pictures are saved: their format and the naming pattern of their files (single downloads and the ZIP). */
export interface DownloadSettings {
  format: SaveFormat;
  naming: string;
}

export const DEFAULT_DOWNLOAD_SETTINGS: DownloadSettings = { format: 'original', naming: DEFAULT_NAMING_PATTERN };

const STORAGE_KEY = 'downloadSettings';

/** The visitor's last choice, kept in local storage; anything unreadable or no longer valid reads as the default. */
export function readDownloadSettings(): DownloadSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<
      Record<keyof DownloadSettings, unknown>
    >;
    const format = SAVE_FORMATS.find((candidate) => candidate === stored.format) ?? DEFAULT_DOWNLOAD_SETTINGS.format;
    const naming = namingPatternSchema.safeParse(stored.naming);
    return { format, naming: naming.success ? naming.data : DEFAULT_DOWNLOAD_SETTINGS.naming };
  } catch {
    return DEFAULT_DOWNLOAD_SETTINGS;
  }
}

export function storeDownloadSettings(settings: DownloadSettings): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

/** The extension a saved file gets: the format's, or for the original the file's own (the seed's `.jpg` else). */
export function savedExtension(file: ExtractedFile, format: SaveFormat): string {
  if (format === 'jpeg') return 'jpg';
  if (format !== 'original') return format;
  const type = fileTypeOf(file);
  return ['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'avif'].includes(type) ? type : 'jpg';
}

/** The file name a picture is saved under, as the server will name it (the live preview of the naming pattern). */
export function savedFileName(
  file: ExtractedFile,
  number: number,
  settings: DownloadSettings,
  pageUrl: string,
): string {
  const name = fileNameFromPattern(settings.naming, {
    index: number - 1,
    url: file.fileUrl,
    alt: file.alt,
    width: file.width,
    height: file.height,
    pageUrl,
  });
  return `${name}.${savedExtension(file, settings.format)}`;
}

/** A GIF or WebP may be animated: saved in a format that cannot animate, only its first frame is kept. */
export function keepsFirstFrameOnly(file: ExtractedFile, format: SaveFormat): boolean {
  return ['gif', 'webp'].includes(fileTypeOf(file)) && !ANIMATED_SAVE_FORMATS.includes(format);
}
