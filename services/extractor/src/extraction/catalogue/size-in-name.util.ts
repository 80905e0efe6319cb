/** A size an address names: all a rendition's size is known by when nobody measured it. */
export interface NamedSize {
  width?: number;
  height?: number;
}

/** A side a name may state: 2 to 5 digits, so a year or a version number is no size. */
const SIDE = '(\\d{2,5})';
/** `photo-300x200.jpg`, `photo-1024x683@2x.jpg` (WordPress's sizes), `shoe_800x.jpg`, `shoe_800x600.jpg` (Shopify's). */
const SIZE_SUFFIX = new RegExp(`[-_]${SIDE}x${SIDE}?(?:@([1-4])x)?\\.[a-z0-9]+$`, 'i');
/** MediaWiki's thumbnails: `/thumb/a/ab/Name.jpg/220px-Name.jpg`. */
const MEDIAWIKI_THUMBNAIL = new RegExp(`^(?:(?:lossy-|lossless-)?page\\d+-)?${SIDE}px-`);
const WIDTH_PARAMETERS = ['w', 'width'];
const HEIGHT_PARAMETERS = ['h', 'height'];

/**
 * The size a CMS or an image CDN writes into the address it serves a rendition under: a `-WxH` or `_Wx` suffix,
 * a MediaWiki `220px-` thumbnail, or `?w=` / `?width=` (and `h` / `height`) in the query. Empty when it names none.
 */
export function sizeInName(url: string): NamedSize {
  if (!URL.canParse(url) || url.startsWith('data:')) return {};
  const { pathname, searchParams } = new URL(url);
  const file = pathname.slice(pathname.lastIndexOf('/') + 1);
  const suffix = SIZE_SUFFIX.exec(file);
  if (suffix) {
    const density = Number(suffix[3] ?? 1);
    return { width: Number(suffix[1]) * density, ...(suffix[2] && { height: Number(suffix[2]) * density }) };
  }
  const thumbnail = MEDIAWIKI_THUMBNAIL.exec(file);
  if (thumbnail) return { width: Number(thumbnail[1]) };
  const side = (names: string[]) =>
    Number(names.map((name) => searchParams.get(name)).find((value) => value && /^\d{1,5}$/.test(value)) ?? 0) ||
    undefined;
  const [width, height] = [side(WIDTH_PARAMETERS), side(HEIGHT_PARAMETERS)];
  return { ...(width && { width }), ...(height && { height }) };
}
