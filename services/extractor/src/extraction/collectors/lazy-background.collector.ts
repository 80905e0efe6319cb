import { Inject, Injectable } from '@nestjs/common';
import { CssImage, imagesInCssValue } from '../image-address/css-image.util';
import { IMAGE_EXTENSIONS, extensionOf, resolveImageUrl } from '../image-address/image-url.util';
import {
  ElementRecord,
  FULL_SIZE_ATTRIBUTES,
  LAZY_BACKGROUND_ATTRIBUTES,
  type PageSnapshot,
} from '../snapshot/page-snapshot';
import { mediaApplies } from '../snapshot/media-query';
import { FoundImage, firstAttribute, ImageCollector, sighting } from './image-collector.interface';
import { LAZY_ATTRIBUTES, LazyAttributes } from './lazy-attributes';
import { candidateWidths, largestCandidate, parseSrcset, SrcsetCandidate } from './srcset.util';

/** Elements whose own src means something else (a frame, a script, a video) are not lazy images. */
const NOT_PICTURES = new Set([
  'img',
  'amp-img',
  'source',
  'iframe',
  'script',
  'video',
  'audio',
  'embed',
  'object',
  'link',
  'a',
  'input',
]);
/** A 2× background attribute is its 1× attribute's name plus this (vanilla-lazyload's data-bg-hidpi, data-bg-multi-hidpi). */
const HIDPI = '-hidpi';
/** image-set() bodies, several separated by `|`: vanilla-lazyload's data-bg-set, lozad's data-background-image-set. */
const IMAGE_SET_ATTRIBUTES = ['data-bg-set', 'data-background-image-set'];

/**
 * Lazy loaders on other elements (`<div data-bg>`, `data-bg-set`, lazysizes' `data-bgset`, `<div data-src>`): the
 * images the script would paint as a background. A generic data-src counts only when it names an image file.
 */
@Injectable()
export class LazyBackgroundCollector implements ImageCollector {
  readonly name = 'lazy-background';

  constructor(@Inject(LAZY_ATTRIBUTES) private readonly lazy: LazyAttributes) {}

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter((element) => !NOT_PICTURES.has(element.tag))
      .flatMap((element) => {
        const backgrounds = [...listedBackgrounds(element), ...imageSetBackgrounds(element)];
        if (backgrounds.length > 0)
          return backgrounds.flatMap((image) => sighting(element, image.url, 'lazy', { variants: image.variants }));
        const bgset = bgsetCandidates(firstAttribute(element, ['data-bgset', ...this.lazy.srcset]) ?? '');
        const largest = largestCandidate(bgset.shown);
        if (largest)
          return sighting(element, largest.url, 'lazy', {
            variants: bgset.candidates.filter((candidate) => candidate !== largest).map((candidate) => candidate.url),
            candidateWidths: candidateWidths(bgset.candidates),
          });
        // A gallery's item may name its full-size file beside the one it shows (Fotorama's `<div data-img data-full>`).
        const shown = firstAttribute(element, this.lazy.src);
        const full = firstAttribute(element, FULL_SIZE_ATTRIBUTES);
        const found = sighting(element, full ?? shown, 'lazy', full && shown ? { variants: [shown] } : {});
        return found.filter(
          (image) => image.url.startsWith('data:') || IMAGE_EXTENSIONS.has(extensionOf(image.url) ?? ''),
        );
      });
  }
}

/**
 * lazysizes' bgset: srcsets for several media, `a.jpg 600w [(max-width: 700px)] | b.jpg 1600w`. `shown`: the set
 * lazysizes paints on the rendered screen, the first whose media applies (as a <picture>'s sources); `candidates`:
 * every candidate of all of them.
 */
function bgsetCandidates(bgset: string): { shown: SrcsetCandidate[]; candidates: SrcsetCandidate[] } {
  const sets = bgset.split('|').map((set) => {
    const media = /\[([^\]]*)\]\s*$/.exec(set);
    return { media: media?.[1] ?? '', candidates: parseSrcset(media ? set.slice(0, media.index) : set) };
  });
  const candidates = sets.flatMap((set) => set.candidates);
  return {
    shown: sets.find((set) => mediaApplies(set.media) && set.candidates.length > 0)?.candidates ?? candidates,
    candidates,
  };
}

/**
 * The first LAZY_BACKGROUND_ATTRIBUTES value's pictures. A 2× list outranks its 1× list picture by picture, each 1×
 * file the variant of its 2× one; lists that do not line up are both kept.
 */
function listedBackgrounds(element: ElementRecord): CssImage[] {
  const name = LAZY_BACKGROUND_ATTRIBUTES.find((attribute) => element.attrs[attribute]?.trim());
  if (!name) return [];
  const images = backgroundList(element.attrs[name], element.base);
  if (!name.endsWith(HIDPI)) return images;
  const oneX = backgroundList(element.attrs[name.slice(0, -HIDPI.length)] ?? '', element.base);
  if (oneX.length !== images.length) return [...images, ...oneX];
  return images.map((image, position) => ({
    url: image.url,
    variants: [...image.variants, oneX[position].url, ...oneX[position].variants],
  }));
}

/**
 * A bare URL, lozad's comma list of them (`a.jpg,b.jpg`: a list only when every part names an image file, since
 * CDN URLs hold commas — Cloudinary's `c_fill,w_400`, ImageKit's `?tr=w-400,h-300`), or a CSS background list
 * (`url(a.jpg), linear-gradient(…), url(b.jpg)`): every picture in it.
 */
function backgroundList(value: string, base: string): CssImage[] {
  const text = value.trim();
  if (!text) return [];
  if (/url\(|image-set\(/i.test(text)) return imagesInCssValue(text);
  const parts = text.split(/\s*,\s*/);
  const list = parts.length > 1 && parts.every((part) => namesImageFile(part, base));
  return (list ? parts : [text]).map((url) => ({ url, variants: [] }));
}

function namesImageFile(url: string, base: string): boolean {
  const resolved = resolveImageUrl(url, base);
  return resolved !== undefined && IMAGE_EXTENSIONS.has(extensionOf(resolved) ?? '');
}

/** Each image-set() of the first IMAGE_SET_ATTRIBUTES value: its densest candidate, the others its variants. */
function imageSetBackgrounds(element: ElementRecord): CssImage[] {
  return (firstAttribute(element, IMAGE_SET_ATTRIBUTES) ?? '')
    .split('|')
    .flatMap((set) => (set.trim() ? imagesInCssValue(`image-set(${set})`) : []));
}
