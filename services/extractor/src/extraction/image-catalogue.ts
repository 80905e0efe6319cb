import type { ExtractedFile, ImageBox, SourceNode } from '@pixtract/contracts';
import type { FoundImage } from './collectors/image-collector.interface';
import { extensionOf, IMAGE_EXTENSIONS, normaliseImageUrl } from './image-url.util';
import { isNoiseSize, noiseReasonOfUrl } from './noise-rules';

/** Sightings that name a file without the page displaying it (links, metadata, icons, preloads). */
const NAMED_ONLY = new Set<SourceNode>(['link', 'meta', 'json-ld', 'icon', 'preload']);

/** A sighting that survived the URL noise rules; `duplicate` when an earlier sighting is the same image. */
export interface CataloguedImage extends FoundImage {
  key: string;
  duplicate: boolean;
}

/**
 * Page order (document position, then the order collectors reported), noise URLs out, and every occurrence of
 * an image kept: the first one counts, later ones are flagged `duplicate` (same normalised URL), and so is a
 * sighting of a file that is another image's variant. Network captures only add images the DOM did not name,
 * not even as a srcset variant; their type and byte size fill in the rest.
 */
export function catalogue(found: FoundImage[]): CataloguedImage[] {
  const ordered = found.map((image, index) => ({ image, index })).sort((a, b) => a.image.domIndex - b.image.domIndex || a.index - b.index);
  const named = new Set<string>();
  const renditions = new Set<string>();
  for (const { image } of ordered) {
    if (image.sourceNode === 'network') continue;
    named.add(normaliseImageUrl(image.url));
    for (const variant of image.variants ?? []) {
      named.add(normaliseImageUrl(variant));
      renditions.add(normaliseImageUrl(variant));
    }
  }
  const network = new Map<string, FoundImage>();
  const seen = new Set<string>();
  const images: CataloguedImage[] = [];
  for (const { image } of ordered) {
    if (noiseReasonOfUrl(image.url, !NAMED_ONLY.has(image.sourceNode))) continue;
    const key = normaliseImageUrl(image.url);
    if (image.sourceNode === 'network') {
      network.set(key, image);
      if (named.has(key) || seen.has(key)) continue;
    }
    // A rendition of another image (a preload of a srcset candidate, the noscript copy of a lazy image's
    // smaller file) is that image again: kept with its place, flagged like any other repeat.
    images.push({ ...image, key, duplicate: seen.has(key) || (renditions.has(key) && !image.variants?.length) });
    seen.add(key);
  }
  for (const image of images) {
    const response = network.get(image.key);
    image.mimeType ??= response?.mimeType;
    image.bytes ??= response?.bytes;
  }
  return images;
}

/** Later copies of the same bytes under another URL are duplicates too. */
export function markSameBytes(images: CataloguedImage[], fingerprintOf: (key: string) => string | undefined): void {
  const firstKeyOf = new Map<string, string>();
  for (const image of images) {
    const fingerprint = fingerprintOf(image.key);
    if (!fingerprint) continue;
    const first = firstKeyOf.get(fingerprint);
    if (first === undefined) firstKeyOf.set(fingerprint, image.key);
    else if (first !== image.key) image.duplicate = true;
  }
}

/** The size rule, once sizes are known: 1×1 pixels, hairlines and specks go. */
export function withoutTinyImages(images: CataloguedImage[]): CataloguedImage[] {
  return images.filter((image) => !isNoiseSize(image.width, image.height));
}

const MIME_EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/avif': 'avif', 'image/svg+xml': 'svg', 'image/bmp': 'bmp', 'image/x-icon': 'ico', 'image/vnd.microsoft.icon': 'ico', 'image/tiff': 'tiff', 'image/heic': 'heic' };
const SYNONYMS: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', jfif: 'jpg', tif: 'tiff' };
const canonical = (extension: string) => SYNONYMS[extension] ?? extension;

/** The file's extension: the URL's when it names an image type, else the one its MIME type implies. */
function extensionFor(image: Pick<FoundImage, 'url' | 'mimeType'>): string | undefined {
  const fromUrl = extensionOf(image.url);
  if (fromUrl && IMAGE_EXTENSIONS.has(fromUrl)) return fromUrl;
  return (image.mimeType && MIME_EXTENSIONS[image.mimeType]) || fromUrl;
}

/** The request's `fileTypes` (`["jpg", "png"]`, `["image/webp"]`); none = every type. */
export function matchesFileTypes(image: CataloguedImage, fileTypes: string[] | undefined): boolean {
  if (!fileTypes?.length) return true;
  const wanted = new Set(fileTypes.map((type) => canonical(type.trim().toLowerCase().replace(/^image\//, '').replace(/^\./, '').replace('svg+xml', 'svg'))));
  const extension = extensionFor(image);
  const fromMime = image.mimeType ? MIME_EXTENSIONS[image.mimeType] : undefined;
  return [extension, fromMime].some((candidate) => candidate !== undefined && wanted.has(canonical(candidate)));
}

/** Whole CSS pixels: what the web outlines, for the extraction's files and the screenshot's boxes alike. */
export function roundedBox(box: ImageBox): ImageBox {
  return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
}

export function toExtractedFile(image: CataloguedImage, position: number, extractedTime: string): ExtractedFile {
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
    variants: image.variants,
    box: image.box && roundedBox(image.box),
  };
  return Object.fromEntries(Object.entries(file).filter(([, value]) => value !== undefined)) as ExtractedFile;
}
