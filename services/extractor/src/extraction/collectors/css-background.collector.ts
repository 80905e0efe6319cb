import { Inject, Injectable } from '@nestjs/common';
import {
  CssImage,
  CustomProperties,
  customPropertiesIn,
  customPropertiesUsedForImages,
  imagesInCssText,
  imagesInCssValue,
  resolveCustomProperties,
} from '../image-address/css-image.util';
import { isNoiseSize, noiseReasonOfUrl } from '../catalogue/noise-rules';
import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';
import { imgSighting } from './img.collector';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';

const DECLARATION_START = /^\s*[\w-]+\s*:/;
const BLURRED = /(?:^|[;\s])filter\s*:[^;]*blur\(/i;
/** A class saying the element is a blur-up preview (react-lazy-load-image-component's `blur`, lazysizes' `blur-up`). */
const BLUR_CLASS = /(?:^|[\s_-])blur(?:red)?(?:$|[\s_-])/i;

/**
 * CSS pictures: an element's background-image (several backgrounds each count; image-set() gives its largest
 * candidate), its ::before/::after background or content. The browser reports computed values, so <style>,
 * linked sheets and inline styles are all covered; the static parse adds every picture its stylesheets name
 * (the rules that apply: see used-stylesheet), resolving `var(--…)` from the custom properties the page defines —
 * to every picture a property is given there, since only a cascade per element would pick one.
 */
@Injectable()
export class CssBackgroundCollector implements ImageCollector {
  readonly name = 'css-background';

  constructor(@Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    const { sheetProperties, namesInUse } = customPropertiesOf(snapshot);
    const fromElements = snapshot.elements.flatMap((element) => {
      // A background its own style or class blurs is a blur-up preview under the picture loading (Angular's
      // placeholder, react-lazy-load-image-component's); so is one behind an <img> showing a picture of its own,
      // which covers it (unpic's, Next.js's blurDataURL).
      const standIn =
        BLURRED.test(element.attrs.style ?? '') ||
        BLUR_CLASS.test(element.attrs.class ?? '') ||
        this.coversItsBackground(element);
      return (element.backgrounds ?? []).flatMap(({ value, pseudo }) => {
        // A style attribute is declarations (`name: value`); a computed value starts with url(), a gradient, image-set().
        const images = DECLARATION_START.test(value)
          ? imagesInStyleAttribute(value, sheetProperties, namesInUse)
          : imagesInCssValue(value);
        return images.flatMap((image) =>
          sighting(element, image.url, pseudo ? 'pseudo-element' : 'css-background', {
            variants: image.variants,
            ...(standIn && !pseudo && { standIn }),
          }),
        );
      });
    });
    const fromSheets = snapshot.stylesheets.flatMap((sheet) =>
      imagesInCssText(sheet.text, sheetProperties).flatMap((image) =>
        sighting({ index: sheet.index, tag: 'style', attrs: {}, base: sheet.base }, image.url, 'css-background', {
          variants: image.variants,
        }),
      ),
    );
    return [...fromElements, ...fromSheets];
  }

  /**
   * An <img> whose own picture is a real one, not a spacer: a transparent blank.gif or 1×1 over a sprite is the other
   * way round, its background the picture.
   */
  private coversItsBackground(element: ElementRecord): boolean {
    if (element.tag !== 'img') return false;
    if (element.natural) return !isNoiseSize(element.natural.width, element.natural.height);
    return imgSighting(element, this.lazy).some(
      (image) => !image.standIn && !image.url.startsWith('data:') && !noiseReasonOfUrl(image.url, true),
    );
  }
}

/**
 * The static path's custom properties: those the stylesheets define (the browser path's values are computed, with
 * var() resolved, so it has none), and every name an image declaration reads — in a sheet or a style attribute.
 */
function customPropertiesOf(snapshot: PageSnapshot) {
  const sheetProperties = customPropertiesIn(...snapshot.stylesheets.map((sheet) => sheet.text));
  // Only texts that read a var() can use one: the browser path's computed values never do, so it skips the scan.
  const styles = [
    ...snapshot.stylesheets.map((sheet) => sheet.text),
    ...snapshot.elements.flatMap((element) => (element.backgrounds ?? []).map(({ value }) => `;${value}`)),
  ].filter((text) => text.includes('var('));
  return { sheetProperties, namesInUse: new Set(styles.flatMap(customPropertiesUsedForImages)) };
}

/**
 * A style attribute's pictures: its own declarations (var() read from its own custom properties, then the sheets'),
 * and each custom property it sets to a picture that an image declaration somewhere reads — the card pattern,
 * `<div class="card" style="--bg: url(a.jpg)">` with `.card { background-image: var(--bg) }`.
 */
function imagesInStyleAttribute(style: string, sheetProperties: CustomProperties, namesInUse: Set<string>): CssImage[] {
  const own = customPropertiesIn(`;${style}`);
  const known = new Map([...sheetProperties, ...own]);
  const images = [
    ...imagesInCssText(`;${style}`, known),
    // `--card: var(--photo)` names what --photo holds, here or in the sheets.
    ...[...own]
      .filter(([name]) => namesInUse.has(name))
      .flatMap(([, values]) => values.flatMap((value) => imagesInCssValue(resolveCustomProperties(value, known)))),
  ];
  return images.filter((image, index) => images.findIndex((other) => other.url === image.url) === index);
}
