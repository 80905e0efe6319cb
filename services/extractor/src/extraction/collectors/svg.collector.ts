import { Injectable } from '@nestjs/common';
import { extensionOf, IMAGE_EXTENSIONS } from '../image-address/image-url.util';
import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

/**
 * SVG and pictures embedded as documents: `<object data>`, `<embed src>` (when they name an image), SVG
 * `<image href>` and `<feImage href>`, and sprite sheets referenced by `<use href="sprite.svg#icon">` (the sheet is the file).
 */
@Injectable()
export class SvgCollector implements ImageCollector {
  readonly name = 'svg';

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements.flatMap((element) => {
      switch (element.tag) {
        case 'object':
          return isPicture(element, element.attrs.data) ? sighting(element, element.attrs.data, 'svg') : [];
        case 'embed':
          return isPicture(element, element.attrs.src) ? sighting(element, element.attrs.src, 'svg') : [];
        case 'image':
        case 'feimage':
          return sighting(element, element.attrs.href ?? element.attrs['xlink:href'], 'svg');
        case 'use': {
          const href = element.attrs.href ?? element.attrs['xlink:href'];
          return href && !href.trim().startsWith('#') ? sighting(element, href, 'svg') : [];
        }
        default:
          return [];
      }
    });
  }
}

function isPicture(element: ElementRecord, raw: string | undefined): boolean {
  if (!raw) return false;
  if (/^image\//i.test(element.attrs.type ?? '')) return true;
  const [image] = sighting(element, raw, 'svg');
  return Boolean(image && IMAGE_EXTENSIONS.has(extensionOf(image.url) ?? ''));
}
