import { Inject, Injectable } from '@nestjs/common';
import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
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
    const lazySrc = firstAttribute(element, this.lazy.src);
    const lazySrcset = firstAttribute(element, this.lazy.srcset);
    const srcset = lazySrcset ?? element.attrs.srcset ?? '';
    const candidates = parseSrcset(srcset);
    const largest = largestCandidate(candidates);
    // In a <picture>, currentSrc is the chosen <source>'s file: the <img>'s own file is its src.
    const plain = lazySrc ?? (element.attrs.src?.trim() || element.currentSrc);
    const raw = largest?.url ?? plain;
    if (!raw) return [];
    const isLazy = Boolean(lazySrc || lazySrcset);
    const variants = [...candidates.filter((candidate) => candidate !== largest).map((candidate) => candidate.url), ...(largest && plain && !isPlaceholder(plain) ? [plain] : [])];
    const sourceNode = element.tag === 'amp-img' ? 'amp-img' : isLazy ? 'lazy' : largest ? 'srcset' : raw.trim().startsWith('data:') ? 'data-uri' : 'img';
    const [image] = sighting(element, raw, sourceNode, { alt: element.attrs.alt?.trim() || undefined, variants });
    if (!image) return [];
    const decodedUrl = element.currentSrc ? sighting(element, element.currentSrc, 'img')[0]?.url : undefined;
    if (element.natural && decodedUrl === image.url) Object.assign(image, element.natural);
    return [image];
  }
}

/** A lazy loader's stand-in: a data: URI or an obvious placeholder file. */
function isPlaceholder(src: string): boolean {
  return src.trim().startsWith('data:') || /(placeholder|blank|spacer|transparent|loading|lazy)[^/]*$/i.test(src);
}
