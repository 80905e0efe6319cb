import type { ExtractedFile, ImageBox, ImageVariant, SourceNode } from '@pixtract/contracts';
import type { FoundImage } from '../collectors/image-collector.interface';
import { imageFamilyKey } from './image-family.util';
import { kindOf } from './image-kind.util';
import { extensionOf, IMAGE_EXTENSIONS, normaliseImageUrl } from '../image-address/image-url.util';
import { isNoiseSize, noiseReasonOfUrl } from './noise-rules';

/** Sightings that name a file without the page displaying it (links, metadata, icons, preloads). */
const NAMED_ONLY = new Set<SourceNode>(['link', 'meta', 'json-ld', 'icon', 'preload']);

/** A sighting that survived the URL noise rules; `duplicate` when another sighting is the same image. */
export interface CataloguedImage extends FoundImage {
  key: string;
  duplicate: boolean;
  /** Flagged as a rendition of this image (now its key): if that one proves to be no image, this one stands alone. */
  renditionOf?: string;
}

/**
 * Page order (document position, then the order collectors reported), noise URLs and stand-ins out, and every
 * occurrence of an image kept: the first place the page shows it counts (else its first mention), the others are
 * flagged `duplicate` (same normalised URL), and so is a sighting of a file that is another image's rendition.
 * Network captures only add images the DOM did not name, not even as a variant or a stand-in; their type and byte
 * size fill in the rest.
 */
export function catalogue(found: FoundImage[]): CataloguedImage[] {
  // Noise first: only images that stay can own renditions.
  const ordered = found
    .filter((image) => !noiseReasonOfUrl(image.url, isShown(image)))
    .map((image, index) => ({ image, index, key: normaliseImageUrl(image.url) }))
    .sort((a, b) => a.image.domIndex - b.image.domIndex || a.index - b.index);
  const named = new Set<string>();
  /** Each variant's first owner: its place in `ordered` and its key. */
  const renditions = new Map<string, { place: number; key: string }>();
  // The place where the page shows an image, when it does: that sighting is the image, not the og:image or
  // JSON-LD line naming it earlier (it carries the alt, the box and the place a person sees).
  const firstShown = new Map<string, number>();
  for (const [place, { image, key }] of ordered.entries()) {
    if (image.sourceNode === 'network') continue;
    named.add(key);
    if (image.standIn) continue;
    if (isShown(image) && !firstShown.has(key)) firstShown.set(key, place);
    for (const variant of (image.variants ?? []).map(normaliseImageUrl)) {
      named.add(variant);
      if (!renditions.has(variant)) renditions.set(variant, { place, key });
    }
  }
  const network = new Map<string, FoundImage>();
  const seen = new Set<string>();
  const images: CataloguedImage[] = [];
  for (const [place, { image, key }] of ordered.entries()) {
    if (image.standIn) continue;
    if (image.sourceNode === 'network') {
      network.set(key, image);
      if (named.has(key) || seen.has(key)) continue;
    }
    // A rendition of another image (a preload of a srcset candidate, the noscript copy of a lazy image's smaller
    // file, a thumbnail inside the link to its original) is that image again: kept with its place, flagged like
    // any other repeat. Of two pictures that name each other as renditions, the earlier one stays.
    const shownLater = (firstShown.get(key) ?? place) > place;
    const owner = image.renditionOf ? { key: normaliseImageUrl(image.renditionOf), place: -1 } : renditions.get(key);
    const rendition =
      !seen.has(key) && owner !== undefined && owner.key !== key && (!image.variants?.length || owner.place < place);
    images.push({
      ...image,
      key,
      duplicate: seen.has(key) || shownLater || rendition,
      renditionOf: rendition ? owner.key : undefined,
    });
    if (!shownLater) seen.add(key);
  }
  for (const image of images) {
    const response = network.get(image.key);
    image.mimeType ??= response?.mimeType;
    image.bytes ??= response?.bytes;
  }
  return images;
}

/** Does the page display this sighting's file as a picture (rather than name it in a link or metadata)? */
function isShown(image: FoundImage): boolean {
  return image.shown ?? !NAMED_ONLY.has(image.sourceNode);
}

/** Later copies of the same bytes under another URL are duplicates too. */
export function markSameBytes(images: CataloguedImage[], fingerprintOf: (key: string) => string | undefined): void {
  // The file kept is the first with an address of its own: a data: copy (an SVG page's own drawing) gives way to it.
  // A file listed comes before a rendition (now measured too) with the same bytes, wherever that one stands.
  const keptKeyOf = new Map<string, string>();
  for (const image of [...images.filter((image) => !image.duplicate), ...images.filter((image) => image.duplicate)]) {
    const fingerprint = fingerprintOf(image.key);
    const kept = fingerprint && keptKeyOf.get(fingerprint);
    if (fingerprint && (kept === undefined || (kept.startsWith('data:') && !image.key.startsWith('data:'))))
      keptKeyOf.set(fingerprint, image.key);
  }
  for (const image of images) {
    const fingerprint = fingerprintOf(image.key);
    if (fingerprint && keptKeyOf.get(fingerprint) !== image.key) image.duplicate = true;
  }
}

/** The family of the site's own icons: favicons, touch icons and the manifest's icons are one picture in several sizes. */
const SITE_ICONS = 'site-icons';

/**
 * Copies of one picture in other sizes (imageFamilyKey: a CDN's or a CMS's size variants, Wix's blurred stand-in,
 * Medium's preview; and the site's icons) are one image, once sizes are known: the largest (of equal ones the
 * first) is it, the others are flagged as its renditions.
 */
export function markSameFamily(images: CataloguedImage[]): void {
  const families = new Map<string, CataloguedImage[]>();
  for (const image of images) {
    const family = image.duplicate ? undefined : image.sourceNode === 'icon' ? SITE_ICONS : imageFamilyKey(image.url);
    if (family === undefined) continue;
    const members = families.get(family);
    if (members) members.push(image);
    else families.set(family, [image]);
  }
  const pixels = (image: CataloguedImage) => (image.width ?? 0) * (image.height ?? 0);
  for (const members of families.values()) {
    if (members.length < 2) continue;
    const largest = members.reduce((best, image) => (pixels(image) > pixels(best) ? image : best));
    for (const image of members) {
      if (image === largest) continue;
      image.duplicate = true;
      image.renditionOf = largest.key;
    }
  }
}

/** The size rule, once sizes are known: 1×1 pixels, hairlines and specks go. */
export function withoutTinyImages(images: CataloguedImage[]): CataloguedImage[] {
  return images.filter((image) => !isNoiseSize(image.width, image.height) && !isBlownUpPreview(image));
}

/** A preview is at most this wide and high, and shown at least BLOWN_UP times larger each way. */
const PREVIEW_MAX_SIDE = 32;
const BLOWN_UP = 8;

/**
 * A tiny picture inlined as a data: URI and shown blown up over its element: a blur-up preview painted behind (or
 * in place of) the picture loading (Docusaurus's ideal-image, hand-made LQIP wrappers). A file of its own at that
 * size may be a tiled texture; an inlined one that small, stretched that far, is a preview.
 */
function isBlownUpPreview({ url, width, height, box }: CataloguedImage): boolean {
  if (!url.startsWith('data:') || !box || width === undefined || height === undefined) return false;
  return (
    width <= PREVIEW_MAX_SIDE &&
    height <= PREVIEW_MAX_SIDE &&
    box.width >= BLOWN_UP * width &&
    box.height >= BLOWN_UP * height
  );
}

const MIME_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/tiff': 'tiff',
  'image/heic': 'heic',
};
// heif: the header reader cannot tell a HEIF from a HEIC and calls both image/heic.
const SYNONYMS: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', jfif: 'jpg', tif: 'tiff', heif: 'heic' };
const canonical = (extension: string) => SYNONYMS[extension] ?? extension;

/**
 * The file's extension: the URL's when it names the image type the bytes are (or their type is unknown), else
 * the one the MIME type implies, since CDNs (Cloudinary's f_auto, Wix) serve WebP and AVIF under `.jpg` URLs.
 */
function extensionFor(image: Pick<FoundImage, 'url' | 'mimeType'>): string | undefined {
  const fromUrl = extensionOf(image.url);
  const fromMime = image.mimeType ? MIME_EXTENSIONS[image.mimeType] : undefined;
  if (fromUrl && IMAGE_EXTENSIONS.has(fromUrl) && (!fromMime || canonical(fromUrl) === fromMime)) return fromUrl;
  return fromMime ?? fromUrl;
}

/** The request's `fileTypes` (`["jpg", "png"]`, `["image/webp"]`); none = every type. */
export function matchesFileTypes(image: CataloguedImage, fileTypes: string[] | undefined): boolean {
  if (!fileTypes?.length) return true;
  const wanted = new Set(
    fileTypes.map((type) =>
      canonical(
        type
          .trim()
          .toLowerCase()
          .replace(/^image\//, '')
          .replace(/^\./, '')
          .replace('svg+xml', 'svg'),
      ),
    ),
  );
  // One type per file, the one its extension names: a `.jpg` URL whose bytes are WebP is a webp, never a jpg.
  const extension = extensionFor(image);
  return extension !== undefined && wanted.has(canonical(extension));
}

/** Whole CSS pixels: what the web outlines, for the extraction's files and the screenshot's boxes alike. */
export function roundedBox(box: ImageBox): ImageBox {
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

/** `variants`: the picture's other renditions (image-renditions.ts), none for a repeat. */
export function toExtractedFile(
  image: CataloguedImage,
  position: number,
  extractedTime: string,
  variants?: ImageVariant[],
): ExtractedFile {
  const file: ExtractedFile = {
    fileUrl: image.url,
    fileType: 'image',
    alt: image.alt,
    width: image.width,
    height: image.height,
    mimeType: image.mimeType,
    extension: extensionFor(image),
    size: image.bytes,
    position,
    extractedTime,
    sourceNode: image.sourceNode,
    duplicate: image.duplicate,
    variants,
    kind: kindOf(image),
    box: image.box && roundedBox(image.box),
    revealedByClick: image.revealedByClick,
  };
  return Object.fromEntries(Object.entries(file).filter(([, value]) => value !== undefined)) as ExtractedFile;
}
