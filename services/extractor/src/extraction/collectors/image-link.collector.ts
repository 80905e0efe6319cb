import { Inject, Injectable } from '@nestjs/common';
import { extensionOf, IMAGE_EXTENSIONS, resolveImageUrl } from '../image-address/image-url.util';
import { LIGHTBOX_ATTRIBUTES, type ElementRecord, type PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, firstAttribute, ImageCollector, sighting } from './image-collector.interface';
import { imgSighting } from './img.collector';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';
import { largestCandidate, parseSrcset } from './srcset.util';

/** Where lightbox scripts keep the full-size file when `href` is not it (PhotoSwipe, Fancybox, lightGallery). */
const LINKED_FILE_ATTRIBUTES = ['data-pswp-src', 'data-src', 'data-full', 'href'];
/** A link a lightbox opens as a picture, whatever its URL looks like (`/image?id=5`): by its attributes or class. */
const LIGHTBOX_CLASS =
  /(?:^|\s)(?:mfp-image|glightbox|fancybox|lightbox|w-lightbox|swipebox|venobox|lightgallery-item|photoswipe-item)(?:\s|$)/i;

/**
 * `<a href>` to an image file, and lightbox items: galleries link their thumbnails to the full-size original. The
 * thumbnail inside such a link is a rendition of that original (its variant), so the list shows the original once,
 * with the thumbnail's alt and place.
 */
@Injectable()
export class ImageLinkCollector implements ImageCollector {
  readonly name = 'image-link';

  constructor(@Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    const inLinks = snapshot.elements.filter((element) => element.link !== undefined);
    // A link's thumbnail is the picture it shows, not a stand-in beside it (Gatsby's preview, Next.js 12's sizer).
    const thumbnails = new Map<number, { element: ElementRecord; shown: FoundImage }>();
    for (const element of inLinks) {
      const shown =
        element.tag === 'script' || thumbnails.has(element.link!)
          ? undefined
          : imgSighting(element, this.lazy).find((image) => !image.standIn);
      if (shown) thumbnails.set(element.link!, { element, shown });
    }
    const lightboxItems = new Map(
      inLinks.filter((element) => element.tag === 'script').map((element) => [element.link!, element]),
    );
    // A thumbnail in a <picture> is shown as one of its sources' files (a WebP beside the JPEG): those are renditions too.
    const sourceFiles = new Map<number, string[]>();
    for (const source of snapshot.elements.filter(
      (element) => element.tag === 'source' && element.picture !== undefined,
    )) {
      const files = parseSrcset(firstAttribute(source, [...this.lazy.srcset, 'srcset']) ?? '').map(
        (candidate) => candidate.url,
      );
      sourceFiles.set(source.picture!, [...(sourceFiles.get(source.picture!) ?? []), ...files]);
    }
    return (
      snapshot.elements
        // An image map's <area> links like an <a>.
        .filter((element) => element.tag === 'a' || element.tag === 'area' || hasLightboxAttribute(element))
        .flatMap((link) => {
          const lightbox = isLightbox(link);
          // PhotoSwipe 5's sizes of the file it opens, read like a srcset: the largest is the file.
          const pswp = parseSrcset(link.attrs['data-pswp-srcset'] ?? '');
          const file =
            largestCandidate(pswp)?.url ??
            linkedFile(link, lightbox) ??
            lightboxItemFile(lightboxItems.get(link.index));
          const thumbnail = thumbnails.get(link.index);
          const shown = file ? thumbnail?.shown : undefined;
          return sighting(link, file, 'link', {
            alt: link.attrs.title?.trim() || shown?.alt || link.attrs.alt?.trim(),
            variants: [
              ...pswp.map((candidate) => candidate.url),
              ...(pswp.length > 0 && link.attrs.href ? [link.attrs.href] : []),
              ...(shown
                ? [shown.url, ...(shown.variants ?? []), ...(sourceFiles.get(thumbnail!.element.picture ?? -1) ?? [])]
                : []),
            ],
            ...(!link.box?.width && shown?.box && { box: shown.box }),
            // A lightbox shows its file as a picture: a script URL there (`/image.php?id=5`) is one.
            ...(lightbox && { shown: true }),
          });
        })
        .filter((image) => !image.url.startsWith('data:'))
    );
  }
}

/** The full-size file a link opens: an image file's URL, or whatever a lightbox link names. */
function linkedFile(link: ElementRecord, lightbox: boolean): string | undefined {
  for (const name of LINKED_FILE_ATTRIBUTES) {
    const resolved = link.attrs[name] === undefined ? undefined : resolveImageUrl(link.attrs[name], link.base);
    if (resolved && (lightbox || IMAGE_EXTENSIONS.has(extensionOf(resolved) ?? ''))) return resolved;
  }
  return undefined;
}

/** The picture a Webflow lightbox's JSON names (`{"items":[{"url":…,"type":"image"}]}`), resolved. */
function lightboxItemFile(script: ElementRecord | undefined): string | undefined {
  if (!script?.text) return undefined;
  try {
    const { items } = JSON.parse(script.text) as { items?: Array<{ url?: unknown; type?: unknown }> };
    const item = Array.isArray(items)
      ? items.find((entry) => entry?.type === undefined || entry.type === 'image')
      : undefined;
    return typeof item?.url === 'string' ? resolveImageUrl(item.url, script.base) : undefined;
  } catch {
    return undefined;
  }
}

function hasLightboxAttribute(element: ElementRecord): boolean {
  return LIGHTBOX_ATTRIBUTES.some((name) => element.attrs[name] !== undefined);
}

/** PhotoSwipe v4's items: `<a href data-size="1400x933">` (the size it opens the picture at). */
const PHOTOSWIPE_SIZE = /^\d+x\d+$/;

function isLightbox(link: ElementRecord): boolean {
  return (
    hasLightboxAttribute(link) ||
    LIGHTBOX_CLASS.test(link.attrs.class ?? '') ||
    /lightbox|prettyphoto/i.test(link.attrs.rel ?? '') ||
    (link.tag === 'a' && PHOTOSWIPE_SIZE.test(link.attrs['data-size']?.trim() ?? ''))
  );
}
