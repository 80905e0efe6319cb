import { Inject, Injectable } from '@nestjs/common';
import { IMAGE_EXTENSIONS, extensionOf } from '../image-url.util';
import { LAZY_BACKGROUND_ATTRIBUTES, type PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, firstAttribute, ImageCollector, sighting } from './image-collector.interface';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';
import { largestCandidate, parseSrcset } from './srcset.util';

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
        const bgset = largestCandidate(parseSrcset(firstAttribute(element, ['data-bgset', ...this.lazy.srcset]) ?? ''));
        if (bgset) return sighting(element, bgset.url, 'lazy');
        const found = sighting(element, firstAttribute(element, this.lazy.src), 'lazy');
        return found.filter((image) => image.url.startsWith('data:') || IMAGE_EXTENSIONS.has(extensionOf(image.url) ?? ''));
      });
  }
}
