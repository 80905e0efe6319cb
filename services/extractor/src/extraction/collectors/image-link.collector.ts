import { Injectable } from '@nestjs/common';
import { extensionOf, IMAGE_EXTENSIONS } from '../image-url.util';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

/** `<a href>` to an image file: galleries link their thumbnails to the full-size original. */
@Injectable()
export class ImageLinkCollector implements ImageCollector {
  readonly name = 'image-link';

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter((element) => element.tag === 'a' && element.attrs.href)
      .flatMap((element) => sighting(element, element.attrs.href, 'link', { alt: element.attrs.title?.trim() || undefined }))
      .filter((image) => !image.url.startsWith('data:') && IMAGE_EXTENSIONS.has(extensionOf(image.url) ?? ''));
  }
}
