import { Injectable } from '@nestjs/common';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { parseHtml } from '../snapshot/static-snapshot';
import { FoundImage, ImageCollector } from './image-collector.interface';
import { ImgCollector } from './img.collector';
import { PictureCollector } from './picture.collector';

/**
 * `<noscript>` fallbacks: with scripting on, their content is text; parsed, its <img>/<picture> are read by the
 * same rules as the page's own and placed where the noscript stands.
 */
@Injectable()
export class NoscriptCollector implements ImageCollector {
  readonly name = 'noscript';

  constructor(
    private readonly img: ImgCollector,
    private readonly picture: PictureCollector,
  ) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter((element) => element.tag === 'noscript' && element.text && /<(img|source)\b/i.test(element.text))
      .flatMap((element) => {
        const inner = parseHtml(element.text ?? '', element.base);
        const fallback: PageSnapshot = {
          url: snapshot.url,
          elements: inner.elements.map((record) => ({ ...record, base: element.base, scope: element.scope })),
          stylesheets: [],
          network: [],
        };
        return [...this.img.collect(fallback), ...this.picture.collect(fallback)].map((image) => ({
          ...image,
          sourceNode: element.scope ? image.sourceNode : 'noscript',
          domIndex: element.index,
          ...(element.box && { box: element.box }),
        }));
      });
  }
}
