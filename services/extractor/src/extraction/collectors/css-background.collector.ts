import { Injectable } from '@nestjs/common';
import { imagesInCssText, imagesInCssValue } from '../css-image.util';
import type { PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

/**
 * CSS pictures: an element's background-image (several backgrounds each count; image-set() gives its largest
 * candidate), its ::before/::after background or content. The browser reports computed values, so <style>,
 * linked sheets and inline styles are all covered; the static parse adds every picture its stylesheets name.
 */
@Injectable()
export class CssBackgroundCollector implements ImageCollector {
  readonly name = 'css-background';

  collect(snapshot: PageSnapshot): FoundImage[] {
    const fromElements = snapshot.elements.flatMap((element) =>
      (element.backgrounds ?? []).flatMap(({ value, pseudo }) => {
        const images = value.includes(':') && !/^\s*(url|image-set|-webkit-image-set|linear|radial)/i.test(value) ? imagesInCssText(`;${value}`) : imagesInCssValue(value);
        return images.flatMap((image) => sighting(element, image.url, pseudo ? 'pseudo-element' : 'css-background', { variants: image.variants }));
      }),
    );
    const fromSheets = snapshot.stylesheets.flatMap((sheet) =>
      imagesInCssText(sheet.text).flatMap((image) => sighting({ index: sheet.index, tag: 'style', attrs: {}, base: sheet.base }, image.url, 'css-background', { variants: image.variants })),
    );
    return [...fromElements, ...fromSheets];
  }
}
