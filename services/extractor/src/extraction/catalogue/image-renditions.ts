import type { ImageVariant } from '@pixtract/contracts';
import type { CataloguedImage } from './image-catalogue';
import { normaliseImageUrl } from '../image-address/image-url.util';
import { NamedSize, sizeInName } from './size-in-name.util';

/** Renditions naming renditions (a <picture> source of a thumbnail linked to its original): followed this deep. */
const MAX_HOPS = 4;

/**
 * Every listed picture's other renditions, so that a rendition the page shows is never lost: it is a file of the
 * list or one of a file's variants. A file's renditions are its srcset / image-set candidates, the sightings
 * flagged as its renditions (a linked thumbnail, a <picture>'s other sources, a CMS's or CDN's other sizes, the
 * site's other icon sizes) with their own candidates, and the candidates of its repeats. Each is listed once,
 * largest first, with its size: measured, else the width its srcset declares (the height in the ratio of the file
 * that declared it), else the size its address names (`-300x200`, `?w=640`). A rendition that is a file of the
 * list itself, or proved gone (`gone`: keys), is left out.
 */
export function renditionsOf(
  images: CataloguedImage[],
  gone: ReadonlySet<string> = new Set(),
): Map<CataloguedImage, ImageVariant[]> {
  const files = new Map<string, CataloguedImage>();
  for (const image of images) if (!image.duplicate && !files.has(image.key)) files.set(image.key, image);
  const flaggedAs = new Map<string, string>();
  for (const image of images)
    if (image.renditionOf && !flaggedAs.has(image.key)) flaggedAs.set(image.key, image.renditionOf);
  /** The file a key ends at, following renditions of renditions. */
  const fileOf = (key: string): CataloguedImage | undefined => {
    let current: string | undefined = key;
    for (let hop = 0; current !== undefined && hop <= MAX_HOPS; hop += 1) {
      const file = files.get(current);
      if (file) return file;
      current = flaggedAs.get(current);
    }
    return undefined;
  };
  const sizes = knownSizes(images);

  const offered = new Map<CataloguedImage, Map<string, string>>();
  const offer = (file: CataloguedImage, urls: string[]) => {
    const list = offered.get(file) ?? new Map<string, string>();
    for (const url of urls) {
      const key = normaliseImageUrl(url);
      if (!files.has(key) && !gone.has(key) && !list.has(key)) list.set(key, url);
    }
    offered.set(file, list);
  };
  for (const image of images) {
    const file = image.renditionOf ? fileOf(image.renditionOf) : files.get(image.key);
    if (file) offer(file, [image.url, ...(image.variants ?? [])]);
  }

  const variants = new Map<CataloguedImage, ImageVariant[]>();
  for (const [file, list] of offered) {
    if (list.size === 0) continue;
    const described = [...list].map(([key, fileUrl]) => ({ fileUrl, ...(sizes.get(key) ?? sizeInName(fileUrl)) }));
    variants.set(
      file,
      described.sort((a, b) => (b.width ?? 0) - (a.width ?? 0)),
    );
  }
  return variants;
}

/** Sizes by key: measured ones, then the widths srcsets declare, with a height when the declaring file's ratio is known. */
function knownSizes(images: CataloguedImage[]): Map<string, NamedSize> {
  const sizes = new Map<string, NamedSize>();
  for (const image of images)
    if (image.width !== undefined && image.height !== undefined && !sizes.has(image.key))
      sizes.set(image.key, { width: image.width, height: image.height });
  for (const image of images) {
    const ratio = image.width && image.height ? image.height / image.width : undefined;
    for (const [url, width] of Object.entries(image.candidateWidths ?? {})) {
      const key = normaliseImageUrl(url);
      if (!sizes.has(key)) sizes.set(key, { width, ...(ratio && { height: Math.round(width * ratio) }) });
    }
  }
  return sizes;
}
