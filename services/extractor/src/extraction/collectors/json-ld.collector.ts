import { Injectable } from '@nestjs/common';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { parseLeniently } from './lenient-json.util';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

const IMAGE_KEYS = new Set(['image', 'thumbnailUrl', 'logo', 'photo', 'primaryImageOfPage']);
/** Bounds for a hostile document: how deep and how many values are looked at. */
const MAX_DEPTH = 12;
const MAX_VALUES = 5_000;

/**
 * Images named by JSON-LD structured data (`image`, `logo`, `thumbnailUrl`, ImageObject `url`/`contentUrl`); an
 * ImageObject's `thumbnailUrl` is a smaller rendition of its own file, a variant of it.
 */
@Injectable()
export class JsonLdCollector implements ImageCollector {
  readonly name = 'json-ld';

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter((element) => element.tag === 'script' && element.text && /ld\+json/i.test(element.attrs.type ?? ''))
      .flatMap((element) => {
        const data = parseLeniently(element.text!);
        return data === undefined
          ? []
          : imagesIn(data).flatMap(({ url, variants }) => sighting(element, url, 'json-ld', { variants }));
      });
  }
}

export function imagesIn(data: unknown): Array<{ url: string; variants?: string[] }> {
  const images: Array<{ url: string; variants?: string[] }> = [];
  let seen = 0;
  const visit = (value: unknown, depth: number, underImageKey: boolean) => {
    seen += 1;
    if (depth > MAX_DEPTH || seen > MAX_VALUES) return;
    if (typeof value === 'string') {
      if (underImageKey) images.push({ url: value });
    } else if (Array.isArray(value)) {
      value.forEach((item) => visit(item, depth + 1, underImageKey));
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const type = record['@type'];
      const isImageObject = type === 'ImageObject' || (Array.isArray(type) && type.includes('ImageObject'));
      const file = isImageObject
        ? [record.contentUrl, record.url].find((candidate): candidate is string => typeof candidate === 'string')
        : undefined;
      const thumbnails = [record.thumbnailUrl]
        .flat()
        .filter((candidate): candidate is string => typeof candidate === 'string');
      if (file) images.push({ url: file, ...(thumbnails.length > 0 && { variants: thumbnails }) });
      for (const [key, child] of Object.entries(record)) {
        if (file && (child === file || key === 'thumbnailUrl')) continue;
        const imageValue =
          IMAGE_KEYS.has(key) || (underImageKey || isImageObject ? key === 'url' || key === 'contentUrl' : false);
        visit(child, depth + 1, imageValue);
      }
    }
  };
  visit(data, 0, false);
  return images;
}
