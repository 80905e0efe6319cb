import { Inject, Injectable } from '@nestjs/common';
import { IMAGE_EXTENSIONS, extensionOf } from '../image-url.util';
import { LAZY_BACKGROUND_ATTRIBUTES, type PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, firstAttribute, ImageCollector, sighting } from './image-collector.interface';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';
import { largestCandidate, parseSrcset, SrcsetCandidate } from './srcset.util';

/** Elements whose own src means something else (a frame, a script, a video) are not lazy images. */
const NOT_PICTURES = new Set(['img', 'amp-img', 'source', 'iframe', 'script', 'video', 'audio', 'embed', 'object', 'link', 'a', 'input']);

/**
 * Lazy loaders on other elements (`<div data-bg>`, lazysizes' `data-bgset`, `<div data-src>`): the image the
 * script would paint as a background. A generic data-src counts only when it names an image file.
 */
@Injectable()
export class LazyBackgroundCollector implements ImageCollector {
  readonly name = 'lazy-background';

  constructor(@Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter((element) => !NOT_PICTURES.has(element.tag))
      .flatMap((element) => {
        const background = firstAttribute(element, LAZY_BACKGROUND_ATTRIBUTES);
        if (background) return sighting(element, background.replace(/^url\(["']?|["']?\)$/g, ''), 'lazy');
        const candidates = bgsetCandidates(firstAttribute(element, ['data-bgset', ...this.lazy.srcset]) ?? '');
        const largest = largestCandidate(candidates);
        if (largest) return sighting(element, largest.url, 'lazy', { variants: candidates.filter((candidate) => candidate !== largest).map((candidate) => candidate.url) });
        const found = sighting(element, firstAttribute(element, this.lazy.src), 'lazy');
        return found.filter((image) => image.url.startsWith('data:') || IMAGE_EXTENSIONS.has(extensionOf(image.url) ?? ''));
      });
  }
}

/** lazysizes' bgset: srcsets for several media, `a.jpg 600w [(max-width: 700px)] | b.jpg 1600w`; every candidate of all of them. */
function bgsetCandidates(bgset: string): SrcsetCandidate[] {
  return bgset.split('|').flatMap((set) => parseSrcset(set.replace(/\[[^\]]*\]\s*$/, '')));
}
