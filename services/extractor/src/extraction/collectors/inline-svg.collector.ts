import { Injectable } from '@nestjs/common';
import type { ElementRecord, PageSnapshot } from '../snapshot/page-snapshot';
import { drawsSomething, namesPlaceholder } from '../catalogue/svg-drawing.util';
import { FoundImage, ImageCollector, sighting } from './image-collector.interface';

/**
 * Drawn where it stands (not sized to nothing by the browser's box either; one made invisible has no markup
 * recorded), and not a placeholder drawing shown for a missing picture.
 */
function drawsItself({ box, text = '' }: ElementRecord): boolean {
  const sizedToNothing = box !== undefined && (box.width === 0 || box.height === 0);
  return !sizedToNothing && !namesPlaceholder(text) && drawsSomething(text);
}

/** Inline `<svg>` drawings, exported as standalone SVG files (data: URIs with the namespace declared). */
@Injectable()
export class InlineSvgCollector implements ImageCollector {
  readonly name = 'inline-svg';

  collect(snapshot: PageSnapshot): FoundImage[] {
    return snapshot.elements
      .filter((element) => element.tag === 'svg' && drawsItself(element))
      .flatMap((element) => {
        const markup = withNamespaces(element.text!);
        const size = svgSize(element.attrs, element.box);
        return sighting(element, `data:image/svg+xml;base64,${Buffer.from(markup).toString('base64')}`, 'inline-svg', {
          ...size,
          mimeType: 'image/svg+xml',
          bytes: Buffer.byteLength(markup),
        });
      });
  }
}

/** HTML lets an inline SVG leave out its namespaces; a file of its own needs them (xlink's for `xlink:href`). */
function withNamespaces(markup: string): string {
  const opening = markup.slice(0, markup.indexOf('>'));
  const missing = [
    !/\sxmlns=/.test(opening) && 'xmlns="http://www.w3.org/2000/svg"',
    /\sxlink:/.test(markup) && !/\sxmlns:xlink=/.test(opening) && 'xmlns:xlink="http://www.w3.org/1999/xlink"',
  ].filter(Boolean);
  return missing.length > 0 ? markup.replace(/^<svg/i, `<svg ${missing.join(' ')}`) : markup;
}

/** Rendered size when known, else the width/height attributes, else the viewBox. */
function svgSize(
  attrs: Record<string, string>,
  box?: { width: number; height: number },
): { width?: number; height?: number } {
  if (box && box.width >= 1 && box.height >= 1) return { width: Math.round(box.width), height: Math.round(box.height) };
  const width = Number.parseFloat(attrs.width ?? '');
  const height = Number.parseFloat(attrs.height ?? '');
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const viewBox = (attrs.viewBox ?? attrs.viewbox ?? '').split(/[\s,]+/).map(Number);
  return viewBox.length === 4 && viewBox[2] > 0 && viewBox[3] > 0
    ? { width: Math.round(viewBox[2]), height: Math.round(viewBox[3]) }
    : {};
}
