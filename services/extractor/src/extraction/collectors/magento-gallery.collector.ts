import { Injectable } from '@nestjs/common';
import { MAGENTO_GALLERY, MAGENTO_INIT_TYPE, type PageSnapshot } from '../snapshot/page-snapshot';
import { parseLeniently } from './lenient-json.util';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

interface GalleryItem {
  full?: unknown;
  img?: unknown;
  thumb?: unknown;
  caption?: unknown;
  type?: unknown;
}

/**
 * Magento's product gallery (`<script type="text/x-magento-init">` with `mage/gallery/gallery`): each item's full
 * image is the picture, its stage image and thumbnail its renditions. The page shows only those renditions (its
 * fotorama builds the gallery from this JSON), so the full files are named nowhere else.
 */
@Injectable()
export class MagentoGalleryCollector implements ImageCollector {
  readonly name = 'magento-gallery';

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter(
        (element) =>
          element.tag === 'script' && element.text && element.attrs.type?.trim().toLowerCase() === MAGENTO_INIT_TYPE,
      )
      .flatMap((element) =>
        galleryItems(parseLeniently(element.text!)).flatMap((item) => {
          const [file, ...renditions] = [item.full, item.img, item.thumb].filter(
            (url): url is string => typeof url === 'string' && url.trim() !== '',
          );
          const alt = typeof item.caption === 'string' ? item.caption.trim() || undefined : undefined;
          return file && (item.type === undefined || item.type === 'image')
            ? sighting(element, file, 'link', { alt, variants: renditions, shown: true })
            : [];
        }),
      );
  }
}

/** The `data` items of every `mage/gallery/gallery` component in the init JSON (`{"<selector>": {"mage/gallery/gallery": {"data": […]}}}`). */
function galleryItems(init: unknown): GalleryItem[] {
  if (!init || typeof init !== 'object') return [];
  return Object.values(init as Record<string, unknown>).flatMap((components) => {
    const gallery =
      components && typeof components === 'object'
        ? (components as Record<string, unknown>)[MAGENTO_GALLERY]
        : undefined;
    const data = gallery && typeof gallery === 'object' ? (gallery as { data?: unknown }).data : undefined;
    return Array.isArray(data)
      ? data.filter((item): item is GalleryItem => Boolean(item) && typeof item === 'object')
      : [];
  });
}
