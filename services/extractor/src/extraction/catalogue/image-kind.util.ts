import type { ImageKind } from '@pixtract/contracts';
import type { FoundImage } from '../collectors/image-collector.interface';
import { extensionOf } from '../image-address/image-url.util';

/** An interface glyph is at most this many pixels each way. */
const ICON_MAX_SIDE = 48;
/**
 * Words a file's name or its alt use for a drawing rather than a photograph. Whole words only: `brandy.jpg`,
 * `charter-boat.jpg` and `photograph.jpg` are photos.
 */
const GRAPHIC_WORDS =
  /(?:^|[^a-z])(logos?|logotype|wordmark|brandmark|illustrations?|diagrams?|charts?|infographics?|clip-?art|drawings?|vectors?|badges?|emblems?|stickers?|icons?|cartoons?)(?:[^a-z]|$)/i;

/**
 * What a picture is to a person collecting them (issue 17 point 8): an `icon` (the site's icons, and interface
 * glyphs: inline SVG or any picture at most 48 px each way — its own size, else the box it is drawn in), a
 * `graphic` (SVG drawings, and logos, illustrations, charts… by their name or alt), else a `photo`.
 */
export function kindOf(
  image: Pick<FoundImage, 'url' | 'sourceNode' | 'width' | 'height' | 'box' | 'alt' | 'mimeType'>,
): ImageKind {
  if (image.sourceNode === 'icon') return 'icon';
  const [width, height] =
    image.width !== undefined && image.height !== undefined
      ? [image.width, image.height]
      : [image.box?.width, image.box?.height];
  if (width !== undefined && height !== undefined && Math.max(width, height) <= ICON_MAX_SIDE) return 'icon';
  if (image.sourceNode === 'inline-svg' || image.mimeType === 'image/svg+xml' || extensionOf(image.url) === 'svg')
    return 'graphic';
  const name = image.url.startsWith('data:')
    ? ''
    : (new URL(image.url).pathname.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '');
  return GRAPHIC_WORDS.test(name) || GRAPHIC_WORDS.test(image.alt ?? '') ? 'graphic' : 'photo';
}
