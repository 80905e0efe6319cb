import { Inject, Injectable } from '@nestjs/common';
import { isNoiseSize } from '../noise-rules';
import { ORIGINAL_SRC_ATTRIBUTE, type ElementRecord, type PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, firstAttribute, ImageCollector, sighting } from './image-collector.interface';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';
import { largestCandidate, parseSrcset } from './srcset.util';

/**
 * `<img>` and `<amp-img>`. The real source of a lazy image (data-src, data-srcset, ...) wins over its
 * placeholder `src`, which is dropped; with a srcset the largest candidate is reported and the others kept as
 * variants; an inline data: image is reported as such. A decoded size counts only for the file it belongs to.
 */
@Injectable()
export class ImgCollector implements ImageCollector {
  readonly name = 'img';

  constructor(@Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements.filter((element) => element.tag === 'img' || element.tag === 'amp-img').flatMap((element) => this.imageOf(element));
  }

  private imageOf(element: ElementRecord): FoundImage[] {
    const { attrs } = element;
    // Gatsby's blurred stand-in sits beside the real <img>; a 1×1 beacon declares its size (noscript pixels are never decoded).
    if (attrs['data-placeholder-image'] !== undefined) return [];
    if (!element.natural && isNoiseSize(lengthOf(attrs.width), lengthOf(attrs.height))) return [];
    const lazySrc = withTemplateWidth(firstAttribute(element, this.lazy.src), attrs['data-widths']);
    const lazySrcset = firstAttribute(element, this.lazy.srcset);
    const srcset = lazySrcset ?? element.attrs.srcset ?? '';
    const candidates = parseSrcset(srcset);
    const largest = largestCandidate(candidates);
    // In a <picture>, currentSrc is the chosen <source>'s file: the <img>'s own file is its src.
    const plain = lazySrc ?? (element.attrs.src?.trim() || element.currentSrc);
    const raw = largest?.url ?? plain;
    if (!raw) return [];
    const isLazy = Boolean(lazySrc || lazySrcset);
    // The src a lazy image had before its loader (or our forcing, which keeps it aside) swapped in the real one: a
    // blur-up or low-quality rendition the browser may have fetched, so the network capture must not count it again.
    const original = isLazy ? (attrs[ORIGINAL_SRC_ATTRIBUTE] ?? attrs.src)?.trim() : undefined;
    const renditions = [largest && plain, original].filter((url): url is string => Boolean(url) && !isPlaceholder(url!));
    const variants = [...candidates.filter((candidate) => candidate !== largest).map((candidate) => candidate.url), ...renditions];
    const sourceNode = element.tag === 'amp-img' ? 'amp-img' : isLazy ? 'lazy' : largest ? 'srcset' : raw.trim().startsWith('data:') ? 'data-uri' : 'img';
    const [image] = sighting(element, raw, sourceNode, { alt: attrs.alt?.trim() || undefined, variants });
    if (!image) return [];
    const decodedUrl = element.currentSrc ? sighting(element, element.currentSrc, 'img')[0]?.url : undefined;
    if (element.natural && decodedUrl === image.url) Object.assign(image, element.natural);
    return [image];
  }
}

/**
 * Shopify's lazysizes templates: `data-src="shoe_{width}x.jpg"` with `data-widths="[180,360,720]"` is the widest
 * rendition. A template without widths names no file.
 */
function withTemplateWidth(src: string | undefined, widths: string | undefined): string | undefined {
  if (!src?.includes('{width}')) return src;
  const widest = Math.max(...(widths?.match(/\d+/g) ?? []).map(Number));
  return Number.isFinite(widest) ? src.replaceAll('{width}', String(widest)) : undefined;
}

/** `300`, `300px`; not `50%` or `auto`. */
function lengthOf(value: string | undefined): number | undefined {
  return value && /^\s*\d+(\.\d+)?(px)?\s*$/i.test(value) ? Number.parseFloat(value) : undefined;
}

/** A lazy loader's stand-in: a data: URI or an obvious placeholder file. */
function isPlaceholder(src: string): boolean {
  return src.trim().startsWith('data:') || /(placeholder|blank|spacer|transparent|loading|lazy)[^/]*$/i.test(src);
}
