import { Injectable } from '@nestjs/common';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

/** Pictures that stand for something else: `<video poster>` and `<input type=image>` buttons. */
@Injectable()
export class MediaElementCollector implements ImageCollector {
  readonly name = 'media-element';

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements.flatMap((element) => {
      if (element.tag === 'video')
        return sighting(element, element.attrs.poster ?? element.attrs['data-poster'], 'video-poster');
      if (element.tag === 'input' && element.attrs.type?.toLowerCase() === 'image') {
        return sighting(element, element.attrs.src, 'input-image', { alt: element.attrs.alt?.trim() || undefined });
      }
      return [];
    });
  }
}
