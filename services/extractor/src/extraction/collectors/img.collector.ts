import { Inject, Injectable } from '@nestjs/common';
import { resolveImageUrl } from '../image-address/image-url.util';
import { isNoiseSize, noiseReasonOfUrl } from '../catalogue/noise-rules';
import {
  FULL_SIZE_ATTRIBUTES,
  ORIGINAL_SRC_ATTRIBUTE,
  PICTURE_TAGS,
  type ElementRecord,
  type PageSnapshot,
} from '../snapshot/page-snapshot';
import { FoundImage, firstAttribute, ImageCollector, sighting } from './image-collector.interface';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';
import { candidateWidths, largestCandidate, parseSrcset, SrcsetCandidate } from './srcset.util';

/**
 * `<img>`, `<amp-img>` and `<amp-anim>`. The real source of a lazy image (data-src, data-srcset, ...) wins over its
 * placeholder `src`, which is dropped; a full-size file a gallery or zoom script names (data-orig-file,
 * data-large_image, ...) wins over both; with a srcset the largest candidate is reported and the others kept as
 * variants; an inline data: image is reported as such. A decoded size counts only for the file it belongs to.
 */
@Injectable()
export class ImgCollector implements ImageCollector {
  readonly name = 'img';

  constructor(@Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    // A <picture>'s <img> is read with its sources, by the picture collector.
    return snapshot.elements
      .filter((element) => PICTURE_TAGS.has(element.tag) && element.picture === undefined)
      .flatMap((element) => imgSighting(element, this.lazy));
  }
}

/** The picture one <img> (or AMP image) shows, as the img collector reports it; none for stand-ins and beacons. */
export function imgSighting(element: ElementRecord, lazy: LazyAttributes): FoundImage[] {
  const { attrs } = element;
  // Named as stand-ins, so the network capture does not bring them back: Gatsby's blurred preview beside the real
  // <img>, and its aria-hidden data: preview; AMP's [placeholder] and [fallback], shown only until (or unless) the
  // real image loads; an image declared 0 wide or high; a 1×1 beacon declaring its size (noscript pixels are
  // never decoded, so only the declaration tells).
  const declared = { width: lengthOf(attrs.width), height: lengthOf(attrs.height) };
  if (
    attrs['data-placeholder-image'] !== undefined ||
    (attrs['aria-hidden'] === 'true' && attrs.src?.trim().startsWith('data:')) ||
    (element.tag.startsWith('amp-') && (attrs.placeholder !== undefined || attrs.fallback !== undefined)) ||
    declared.width === 0 ||
    declared.height === 0 ||
    (!element.natural && isNoiseSize(declared.width, declared.height))
  ) {
    return sighting(element, attrs.src ?? element.currentSrc, 'img', { standIn: true });
  }
  // bLazy's retina pair, `data-src="small.jpg|large.jpg"`: the larger is the file, the smaller its rendition.
  const [lazySrc, smallerLazySrc] = retinaPair(
    withTemplateWidth(firstAttribute(element, lazy.src), attrs['data-widths']),
  );
  const lazySrcset = firstAttribute(element, lazy.srcset);
  const candidates = parseSrcset(lazySrcset ?? attrs.srcset ?? '');
  const largest = largestCandidate(candidates);
  // In a <picture>, currentSrc is the chosen <source>'s file: the <img>'s own file is its src.
  const plain = lazySrc ?? (attrs.src?.trim() || element.currentSrc);
  const dynamic = dynamicImages(attrs['data-a-dynamic-image']);
  const fullSize = firstAttribute(element, FULL_SIZE_ATTRIBUTES) ?? dynamic[0];
  const best =
    fullSize ?? (largest && !(plain && outranksSrcset(plain, candidates, largest, attrs)) ? largest.url : plain);
  if (!best) return [];
  const isLazy = Boolean(lazySrc || lazySrcset);
  // The src a lazy image had before its loader (or our forcing, which keeps it aside) swapped in the real one: a
  // blur-up or low-quality rendition the browser may have fetched, so the network capture must not count it again.
  const original = isLazy ? (attrs[ORIGINAL_SRC_ATTRIBUTE] ?? attrs.src)?.trim() : undefined;
  const renditions = [plain, smallerLazySrc, largest?.url, original, ...dynamic].filter(
    (url): url is string => Boolean(url) && url !== best && !isPlaceholder(url!, element.base),
  );
  const variants = [
    ...candidates.filter((candidate) => candidate.url !== best).map((candidate) => candidate.url),
    ...renditions,
  ];
  const sourceNode =
    element.tag !== 'img'
      ? 'amp-img'
      : isLazy
        ? 'lazy'
        : largest && best === largest.url
          ? 'srcset'
          : best.trim().startsWith('data:')
            ? 'data-uri'
            : 'img';
  const [image] = sighting(element, best, sourceNode, {
    alt: attrs.alt?.trim() || undefined,
    variants,
    candidateWidths: candidateWidths(candidates),
  });
  if (!image) return [];
  // A decoded size is the file's own only without a srcset: for a `w` candidate the browser scales it by density.
  const decodedUrl =
    element.currentSrc && candidates.length === 0 ? sighting(element, element.currentSrc, 'img')[0]?.url : undefined;
  if (element.natural && decodedUrl === image.url) Object.assign(image, element.natural);
  return [image];
}

/** A lazy source naming two sizes of one picture, `small|large` (bLazy's separator): [larger, smaller]. */
export function retinaPair(value: string | undefined): [string | undefined, string | undefined] {
  const parts = value?.split('|').map((part) => part.trim());
  return parts?.length === 2 && parts[0] && parts[1] ? [parts[1], parts[0]] : [value, undefined];
}

/**
 * A src that is not among the srcset's candidates is the bigger file when the page declares the image wider than
 * the widest candidate: WordPress cover blocks keep the original in src with its `width`; Squarespace declares
 * `data-image-dimensions="3000x2000"` beside a srcset up to 2500w; Jetpack `data-orig-size="3000,2000"` or
 * `data-width`; or when the src asks its image CDN for a wider file (Shopify's logo: `&width=600` beside a srcset
 * of 90w to 180w).
 */
function outranksSrcset(
  plain: string,
  candidates: SrcsetCandidate[],
  largest: SrcsetCandidate,
  attrs: Record<string, string>,
): boolean {
  if (largest.width === undefined || candidates.some((candidate) => candidate.url === plain)) return false;
  const declaredWidth =
    Number(/^(\d+)[x,]\d+$/.exec((attrs['data-image-dimensions'] ?? attrs['data-orig-size'])?.trim() ?? '')?.[1]) ||
    lengthOf(attrs['data-width']) ||
    lengthOf(attrs.width);
  return Math.max(declaredWidth ?? 0, widthAskedFor(plain)) > largest.width;
}

/** The width a URL asks an image CDN for (`?width=600`, `&w=600`); 0 when it asks for none. */
function widthAskedFor(url: string): number {
  return Number(/[?&](?:width|w)=(\d{1,5})(?:&|$)/.exec(url)?.[1] ?? 0);
}

/**
 * Shopify's lazysizes templates: `data-src="shoe_{width}x.jpg"` with `data-widths="[180,360,720]"` is the widest
 * rendition. A template without widths names no file.
 */
function withTemplateWidth(src: string | undefined, widths: string | undefined): string | undefined {
  const widest = Math.max(...(widths?.match(/\d+/g) ?? []).map(Number));
  const filled = src?.includes('{width}')
    ? Number.isFinite(widest)
      ? src.replaceAll('{width}', String(widest))
      : undefined
    : src;
  // Any other template the page's script fills in (BigCommerce's `{:size}`) names no file as it stands.
  return filled && TEMPLATE.test(filled) ? undefined : filled;
}

const TEMPLATE = /\{[^{}]*\}/;

/** Amazon's `data-a-dynamic-image`, `{"<url>": [width, height], …}`: its URLs, largest first. */
function dynamicImages(json: string | undefined): string[] {
  if (!json) return [];
  try {
    const sizes = JSON.parse(json) as unknown;
    if (!sizes || typeof sizes !== 'object' || Array.isArray(sizes)) return [];
    const area = (size: unknown) => (Array.isArray(size) ? Number(size[0]) * Number(size[1]) || 0 : 0);
    return Object.entries(sizes as Record<string, unknown>)
      .sort(([, a], [, b]) => area(b) - area(a))
      .map(([url]) => url);
  } catch {
    return [];
  }
}

/** `300`, `300px`; not `50%` or `auto`. */
function lengthOf(value: string | undefined): number | undefined {
  return value && /^\s*\d+(\.\d+)?(px)?\s*$/i.test(value) ? Number.parseFloat(value) : undefined;
}

/** A lazy loader's stand-in: a data: URI, or a file the noise rules drop (placeholder.png, spinner.gif). */
function isPlaceholder(src: string, base: string): boolean {
  const url = resolveImageUrl(src, base);
  return !url || url.startsWith('data:') || noiseReasonOfUrl(url, true) !== undefined;
}
