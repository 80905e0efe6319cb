import { z } from 'zod';

/** The seed's names: the 3-digit index, then the alt text (else the URL's base name). */
export const DEFAULT_NAMING_PATTERN = '{n}-{alt}';
export const NAMING_TOKENS = ['n', 'alt', 'name', 'w', 'h', 'host', 'page'] as const;
export type NamingToken = (typeof NAMING_TOKENS)[number];

const TOKEN = /\{([^{}]*)\}/g;
/** A saved name stays short enough for every file system once a folder and an extension are added. */
const MAX_NAME_LENGTH = 120;
/** Windows device names: a file named `CON.png` cannot be created there. */
const DEVICE_NAME = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/** A naming pattern: literal text and the tokens `{n} {alt} {name} {w} {h} {host} {page}`, nothing else in braces. */
export const namingPatternSchema = z
  .string()
  .trim()
  .min(1, 'The naming pattern is empty.')
  .max(200, 'The naming pattern is too long: at most 200 characters.')
  .refine(
    (pattern) =>
      [...pattern.matchAll(TOKEN)].every(([, token]) => (NAMING_TOKENS as readonly string[]).includes(token)),
    'The naming pattern may only use {n}, {alt}, {name}, {w}, {h}, {host} and {page}.',
  );

function lastPathSegment(url: string): string {
  if (!URL.canParse(url)) return '';
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The URL's file name without its extension: `.../red-car.png` → `red-car`. */
export function baseNameFromUrl(url: string): string {
  return lastPathSegment(url).replace(/\.[^.]*$/, '');
}

/** The extension a URL's file name ends with, lower-cased (`Photo.JPEG` → `jpeg`), else undefined. */
export function urlExtension(url: string): string | undefined {
  return /\.([a-z0-9]+)$/i.exec(lastPathSegment(url))?.[1]?.toLowerCase();
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

/** What a saved file's name can be made of. */
export interface NamingValues {
  /** 0-based place of the image in the list (the archive's request, the results' order). */
  index: number;
  url: string;
  alt?: string;
  width?: number;
  height?: number;
  /** The page the image was found on. */
  pageUrl?: string;
}

function hostOf(url: string | undefined): string {
  return url && URL.canParse(url) ? new URL(url).hostname : '';
}

function pathOf(url: string | undefined): string {
  return url && URL.canParse(url) ? new URL(url).pathname : '';
}

function tokenValue(token: string, values: NamingValues): string {
  switch (token as NamingToken) {
    case 'n':
      return String(values.index + 1).padStart(3, '0');
    case 'alt':
      return sanitiseNamePart(values.alt ?? '') || sanitiseNamePart(baseNameFromUrl(values.url));
    case 'name':
      return sanitiseNamePart(baseNameFromUrl(values.url));
    case 'w':
      return values.width ? String(values.width) : '';
    case 'h':
      return values.height ? String(values.height) : '';
    case 'host':
      return sanitiseNamePart(hostOf(values.pageUrl) || hostOf(values.url), 60);
    case 'page':
      return sanitiseNamePart(pathOf(values.pageUrl));
  }
}

/**
 * A file's name (without extension) from a naming pattern: each token's value is sanitised as the seed says,
 * the literal text keeps only letters, digits, `-` and `_`; the separators an empty token leaves behind go. A
 * pattern that yields nothing falls back to the seed's `image-{n}`.
 */
export function fileNameFromPattern(pattern: string, values: NamingValues): string {
  const name = pattern
    .split(TOKEN)
    .map((part, i) => (i % 2 === 1 ? tokenValue(part, values) : part.replace(/[^A-Za-z0-9_-]+/g, '_')))
    .join('')
    .replace(/([-_])[-_]+/g, '$1')
    .replace(/^[-_]+/, '')
    .slice(0, MAX_NAME_LENGTH)
    .replace(/[-_]+$/, '');
  if (!name) return `image-${values.index + 1}`;
  return DEVICE_NAME.test(name) ? `${name}_` : name;
}

/** Extensions a URL may name an image format with. */
const FORMAT_OF_EXTENSION: Record<string, string> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
};

/** The image format a URL's extension names (`jpg` → `jpeg`), else undefined. */
export function formatOfUrl(url: string): string | undefined {
  const extension = urlExtension(url);
  return extension ? FORMAT_OF_EXTENSION[extension] : undefined;
}

interface Rendition {
  fileUrl: string;
  width?: number;
}

/**
 * The page's own file of this picture in `format`, when it offers one at least as wide as the picture (a
 * `<picture>` source, a srcset candidate): taking it saves a conversion and keeps the site's own encoding. Of
 * several, the narrowest that is wide enough, so each size of a picture keeps its own size.
 */
export function renditionInFormat(picture: Rendition & { variants?: Rendition[] }, format: string): string | undefined {
  const candidates = [picture, ...(picture.variants ?? [])].filter(
    (rendition) =>
      formatOfUrl(rendition.fileUrl) === format &&
      (picture.width === undefined || rendition.width === undefined || rendition.width >= picture.width),
  );
  candidates.sort((a, b) => (a.width ?? Infinity) - (b.width ?? Infinity));
  return candidates[0]?.fileUrl;
}
