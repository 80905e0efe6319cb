import { Injectable } from '@nestjs/common';
import { mediaApplies } from '../snapshot/media-query';
import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';
import { largestCandidate, parseSrcset } from './srcset.util';

const ICON_RELS = /(^|\s)(icon|apple-touch-icon|apple-touch-icon-precomposed|mask-icon|fluid-icon)(\s|$)/i;
const IMAGE_META =
  /^(og:image(:url|:secure_url)?|twitter:image(:src)?|thumbnail|msapplication-tileimage|msapplication-square\d+x\d+logo)$/i;

/**
 * What the document says about itself: favicons and touch icons, social images (`og:image`, `twitter:image`),
 * microdata `itemprop=image`, `<link rel=image_src>`, and images it asks to preload for this screen (`as=image`,
 * imagesrcset, `media`).
 */
@Injectable()
export class DocumentMetadataCollector implements ImageCollector {
  readonly name = 'document-metadata';

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements.flatMap((element) => {
      if (element.tag === 'link') return linkImages(element);
      if (element.tag === 'meta') {
        const key = element.attrs.property ?? element.attrs.name ?? '';
        if (IMAGE_META.test(key) || element.attrs.itemprop?.toLowerCase() === 'image')
          return sighting(element, element.attrs.content, 'meta');
      }
      return [];
    });
  }
}

function linkImages(element: ElementRecord): FoundImage[] {
  const rel = element.attrs.rel ?? '';
  if (ICON_RELS.test(rel)) return sighting(element, element.attrs.href, 'icon');
  if (/(^|\s)image_src(\s|$)/i.test(rel) || element.attrs.itemprop?.toLowerCase() === 'image')
    return sighting(element, element.attrs.href, 'meta');
  // A preload for another screen (`media="(max-width: 600px)"`) is one the browser does not even fetch.
  if (
    /(^|\s)preload(\s|$)/i.test(rel) &&
    element.attrs.as?.toLowerCase() === 'image' &&
    mediaApplies(element.attrs.media ?? '')
  ) {
    const candidates = parseSrcset(element.attrs.imagesrcset ?? '');
    const largest = largestCandidate(candidates);
    const variants = [
      ...candidates.filter((candidate) => candidate !== largest).map((candidate) => candidate.url),
      ...(largest && element.attrs.href ? [element.attrs.href] : []),
    ];
    return sighting(element, largest?.url ?? element.attrs.href, 'preload', { variants });
  }
  return [];
}
