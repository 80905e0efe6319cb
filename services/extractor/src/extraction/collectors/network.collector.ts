import { Injectable } from '@nestjs/common';
import { resolveImageUrl } from '../image-address/image-url.util';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, ImageCollector } from './image-collector.interface';

/**
 * Every image response the page received: images a script inserted and removed again (virtual scrolling),
 * loaded by XHR into blobs, or drawn on a canvas. Placed after the DOM's images, in order of arrival; an image
 * the DOM also shows is merged with that sighting by de-duplication.
 */
@Injectable()
export class NetworkCollector implements ImageCollector {
  readonly name = 'network';

  collect(snapshot: PageSnapshot): FoundImage[] {
    const afterDom = (snapshot.elements.at(-1)?.index ?? 0) + 1;
    return snapshot.network.flatMap((response) => {
      const url = resolveImageUrl(response.url, snapshot.url);
      return url
        ? [
            {
              url,
              sourceNode: 'network' as const,
              domIndex: afterDom + response.order,
              mimeType: response.mimeType,
              bytes: response.bytes,
              ...(response.revealed && { revealedByClick: true }),
            },
          ]
        : [];
    });
  }
}
