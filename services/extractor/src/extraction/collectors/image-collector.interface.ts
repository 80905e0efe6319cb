import type { SourceNode } from '@pixtract/contracts';
import { resolveImageUrl } from '../image-address/image-url.util';
import { PLACEHOLDER_CLASS, type ElementRecord, type PageSnapshot } from '../snapshot/page-snapshot';

/** One sighting of an image, before noise rules, de-duplication and measuring. */
export interface FoundImage {
  /** Absolute http(s) URL without fragment, or a data:image URI (see resolveImageUrl). */
  url: string;
  sourceNode: SourceNode;
  /** Index of the element in document order, so images of different collectors interleave as on the page. */
  domIndex: number;
  alt?: string;
  /** Natural size of exactly `url`, when already known; otherwise measured later. */
  width?: number;
  height?: number;
  /** Other renditions of the same picture (srcset / image-set candidates), absolute. */
  variants?: string[];
  /** The width each srcset candidate declares (`800w`), by absolute URL: a variant's size without a request. */
  candidateWidths?: Record<string, number>;
  box?: { x: number; y: number; width: number; height: number };
  mimeType?: string;
  bytes?: number;
  /** The page displays this file as a picture; by default, links, metadata, icons and preloads only name theirs. */
  shown?: boolean;
  /** Another file (absolute URL) is this picture as the page shows it; this one is its rendition (a <picture>'s other formats). */
  renditionOf?: string;
  /** A stand-in the page shows until (or instead of) its picture: never an image, not even as a network response. */
  standIn?: boolean;
  /** The page showed it only after a control was pressed. */
  revealedByClick?: boolean;
}

/**
 * Finds one family of image sources in a page snapshot. Pure: the same rules serve the rendered page and the
 * static parse, and everything in the snapshot is the page's word (validated, but not trusted to be sensible).
 */
export interface ImageCollector {
  readonly name: string;
  collect(snapshot: PageSnapshot): FoundImage[];
}

/** Multi-provider token: the extraction runs every collector registered under it. */
export const IMAGE_COLLECTORS = Symbol('IMAGE_COLLECTORS');

/** Every sighting every collector makes in the snapshot. */
export function findImages(collectors: ImageCollector[], snapshot: PageSnapshot): FoundImage[] {
  return collectors.flatMap((collector) => collector.collect(snapshot));
}

/**
 * The sighting of `raw` on `element`: resolved against the element's base, tagged `shadow-dom` / `iframe` when
 * the element lives there (how it was found matters more than which tag held it), with the element's box. What a
 * skeleton or shimmer placeholder shows is a stand-in.
 */
export function sighting(
  element: ElementRecord,
  raw: string | undefined,
  sourceNode: SourceNode,
  extra: Partial<FoundImage> = {},
): FoundImage[] {
  const url = raw === undefined ? undefined : resolveImageUrl(raw, element.base);
  if (!url) return [];
  const node: SourceNode =
    element.scope === 'shadow' ? 'shadow-dom' : element.scope === 'iframe' ? 'iframe' : sourceNode;
  const variants = [
    ...new Set(extra.variants?.flatMap((variant) => resolveImageUrl(variant, element.base) ?? [])),
  ].filter((variant) => variant !== url);
  const box = element.box && element.box.width > 0 && element.box.height > 0 ? element.box : undefined;
  const image: FoundImage = {
    domIndex: element.index,
    ...(box && { box }),
    ...(element.revealed && { revealedByClick: true }),
    ...extra,
    ...((element.placeholder || PLACEHOLDER_CLASS.test(element.attrs.class ?? '')) && { standIn: true }),
    url,
    sourceNode: node,
  };
  if (variants?.length) image.variants = variants;
  else delete image.variants;
  const widths = Object.entries(extra.candidateWidths ?? {}).flatMap(([raw, width]) => {
    const resolved = resolveImageUrl(raw, element.base);
    return resolved ? [[resolved, width] as const] : [];
  });
  if (widths.length > 0) image.candidateWidths = Object.fromEntries(widths);
  else delete image.candidateWidths;
  return [image];
}

/** The first non-empty attribute of `names`. */
export function firstAttribute(element: ElementRecord, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = element.attrs[name]?.trim();
    if (value) return value;
  }
  return undefined;
}
