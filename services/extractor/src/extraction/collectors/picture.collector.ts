import { Inject, Injectable } from '@nestjs/common';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, firstAttribute, ImageCollector, sighting } from './image-collector.interface';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';
import { largestCandidate, parseSrcset } from './srcset.util';

/**
 * `<picture><source srcset>`: every source is a file of its own (art direction, avif/webp alternatives), the
 * largest candidate of each reported with the rest as variants. `<source src>` of video/audio is not an image.
 */
@Injectable()
export class PictureCollector implements ImageCollector {
  readonly name = 'picture';

  constructor(@Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter((element) => element.tag === 'source')
      .flatMap((element) => {
        const candidates = parseSrcset(firstAttribute(element, [...this.lazy.srcset, 'srcset']) ?? '');
        const largest = largestCandidate(candidates);
        if (!largest) return [];
        return sighting(element, largest.url, 'picture', { variants: candidates.filter((candidate) => candidate !== largest).map((candidate) => candidate.url) });
      });
  }
}
