import { Injectable } from '@nestjs/common';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

const IMAGE_KEYS = new Set(['image', 'thumbnailUrl', 'logo', 'photo', 'primaryImageOfPage']);
/** Bounds for a hostile document: how deep and how many values are looked at. */
const MAX_DEPTH = 12;
const MAX_VALUES = 5_000;

/** Images named by JSON-LD structured data (`image`, `logo`, `thumbnailUrl`, ImageObject `url`/`contentUrl`). */
@Injectable()
export class JsonLdCollector implements ImageCollector {
  readonly name = 'json-ld';

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter((element) => element.tag === 'script' && element.text)
      .flatMap((element) => {
        let data: unknown;
        try {
          data = JSON.parse(element.text!);
        } catch {
          return [];
        }
        return imageUrlsIn(data).flatMap((url) => sighting(element, url, 'json-ld'));
      });
  }
}

export function imageUrlsIn(data: unknown): string[] {
  const urls: string[] = [];
  let seen = 0;
  const visit = (value: unknown, depth: number, underImageKey: boolean) => {
    seen += 1;
    if (depth > MAX_DEPTH || seen > MAX_VALUES) return;
    if (typeof value === 'string') {
      if (underImageKey) urls.push(value);
    } else if (Array.isArray(value)) {
      value.forEach((item) => visit(item, depth + 1, underImageKey));
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const isImageObject = record['@type'] === 'ImageObject';
      for (const [key, child] of Object.entries(record)) {
        const imageValue = IMAGE_KEYS.has(key) || (underImageKey || isImageObject ? key === 'url' || key === 'contentUrl' : false);
        visit(child, depth + 1, imageValue);
      }
    }
  };
  visit(data, 0, false);
  return urls;
}
