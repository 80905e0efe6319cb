/**
 * What the collectors read: the page's elements as plain records, the same shape whether they came from the
 * rendered DOM (browser path) or from parsed HTML (static path). Collectors are pure functions of a snapshot,
 * so both paths find images by one set of rules.
 */
export interface ElementRecord {
  /** Position in document order (shadow roots and frames are walked where they sit). */
  index: number;
  /** Lower-case tag name. */
  tag: string;
  attrs: Record<string, string>;
  /** The element's base URL (`<base href>` and frames included). */
  base: string;
  /** Inside an open shadow root, or inside a same-origin iframe / srcdoc. */
  scope?: 'shadow' | 'iframe';
  /** Browser only: the source the browser chose and its decoded size. */
  currentSrc?: string;
  natural?: { width: number; height: number };
  box?: { x: number; y: number; width: number; height: number };
  /** CSS background-image (and content) values: computed in the browser, the style attribute statically. */
  backgrounds?: { value: string; pseudo?: 'before' | 'after' }[];
  /** Raw text: ld+json scripts, Magento's gallery data, noscript fallbacks, inline <svg> markup. */
  text?: string;
  /**
   * An <img> that is the only picture inside an `<a>` or a lightbox item (`<div data-src data-lg-size>`): that
   * element's index (a thumbnail of the file it opens). Also a lightbox's JSON item inside such a link.
   */
  link?: number;
  /** A <source> or <img> of a <picture>: the picture's index (its files are one image). */
  picture?: number;
  /** Browser only: the element appeared after a control was pressed (Load more, a consent wall). */
  revealed?: boolean;
  /** Browser only: the element's parent is a skeleton or shimmer placeholder (PLACEHOLDER_CLASS). */
  placeholder?: boolean;
}

export interface StylesheetRecord {
  /** Base for relative url()s: the sheet's own URL, or the page's for <style>. */
  base: string;
  text: string;
  index: number;
}

/** An image response the page received (browser path only). */
export interface NetworkImage {
  url: string;
  mimeType?: string;
  bytes?: number;
  /** Order of arrival, placed after every DOM element. */
  order: number;
  /** Arrived after a control was pressed. */
  revealed?: boolean;
}

/** The page's web app manifest (`<link rel=manifest>`), as read: its icons are the site's largest. */
export interface WebManifestRecord {
  /** Base for the icons' relative `src`: the manifest's own URL. */
  url: string;
  text: string;
  /** The `<link>` element's index. */
  index: number;
}

export interface PageSnapshot {
  url: string;
  elements: ElementRecord[];
  /** Stylesheet texts the static path read (the browser path uses computed styles instead). */
  stylesheets: StylesheetRecord[];
  network: NetworkImage[];
  manifest?: WebManifestRecord;
}

/** Magento's product gallery: its items (`thumb`, `img`, `full`) live only in this script's JSON. */
export const MAGENTO_INIT_TYPE = 'text/x-magento-init';
export const MAGENTO_GALLERY = 'mage/gallery/gallery';

/** An address that is a picture itself (no page around it): that picture is the page's one image. */
export function pictureAddressSnapshot(url: string): PageSnapshot {
  return { url, elements: [{ index: 1, tag: 'img', attrs: { src: url }, base: url }], stylesheets: [], network: [] };
}

/** Attributes that lazy loaders use for the real source; the first one present wins. */
export const LAZY_SRC_ATTRIBUTES = [
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-lazy',
  'data-lazyload',
  'data-flickity-lazyload',
  'data-flickity-lazyload-src',
  'data-splide-lazy',
  'data-opt-src',
  'data-url',
  'data-hi-res-src',
  'data-full-src',
  'data-echo',
  'data-img',
  'data-image',
  'data-orig-src',
  'ix-src',
];
export const LAZY_SRCSET_ATTRIBUTES = [
  'data-srcset',
  'data-lazy-srcset',
  'data-original-set',
  'data-splide-lazy-srcset',
  'data-flickity-lazyload-srcset',
  'ix-srcset',
];
/**
 * Where galleries, zoom and lightbox scripts keep an image's full-size file (Jetpack, WooCommerce, elevateZoom,
 * Magnify, Owl's and retina.js's retina sources, PrestaShop's product images, Etsy's and Amazon's zoom files, Tumblr's photosets,
 * Fotorama's fullscreen file), best first: that file is the image, what the page displays is its rendition.
 */
export const FULL_SIZE_ATTRIBUTES = [
  'data-orig-file',
  'data-large_image',
  'data-zoom-image',
  'data-zoom-src',
  'data-src-zoom-image',
  'data-magnify-src',
  'data-src-retina',
  'data-retina-src',
  'data-lazy-src-retina',
  'data-src-2x',
  'data-at2x',
  'data-large-file',
  'data-full-size-image-url',
  'data-image-large-src',
  'data-old-hires',
  'data-highres',
  'data-full',
];
/**
 * Where lazy loaders and site templates keep a background, best first: a URL or a CSS background list. vanilla-lazyload
 * (data-bg, its 2× `-hidpi` twin and their `-multi` lists; lazysizes reads data-bg too), Swiper, lozad, Flickity's
 * bgLazyLoad, theme scripts' data-bg-image and data-setbg, parallax.js, EWWW's lazysizes fork (data-back), WPBakery's
 * and Beaver Builder's parallax rows.
 */
export const LAZY_BACKGROUND_ATTRIBUTES = [
  'data-bg-multi-hidpi',
  'data-bg-multi',
  'data-bg-hidpi',
  'data-bg',
  'data-background',
  'data-background-image',
  'data-bg-src',
  'data-flickity-bg-lazyload',
  'data-bg-image',
  'data-setbg',
  'data-image-src',
  'data-back',
  'data-vc-parallax-image',
  'data-parallax-image',
];

/** Attributes of the lightbox scripts' items (Fancybox, Lightbox2, PhotoSwipe, lightGallery, GLightbox), on <a> or any element. */
export const LIGHTBOX_ATTRIBUTES = [
  'data-fancybox',
  'data-lightbox',
  'data-pswp-width',
  'data-lg-size',
  'data-glightbox',
];

/**
 * Webflow's lightbox keeps the file it opens in a `<script type="application/json" class="w-json">` inside the
 * link (whose href is `#`). Both paths record its text, with the link's index.
 */
export const LIGHTBOX_JSON_SELECTOR = 'script.w-json[type*=json]';

/**
 * <img>s that only stand in for the picture beside them (Gatsby's preview, Next.js 12's sizer, an image declared 0
 * wide or high; see imgSighting): a link around one of those and its picture still holds a single picture.
 */
export const STAND_IN_IMG_SELECTOR =
  '[data-placeholder-image], [aria-hidden="true"][src^="data:"], [width="0"], [height="0"]';

/**
 * A skeleton or shimmer placeholder's class (MUI's `MuiSkeleton-root`, `skeleton-box`, `shimmer`): what such an
 * element, or its child, shows while the page loads (a grey block, a gradient sweep, a blank picture) is no picture.
 */
export const PLACEHOLDER_CLASS = /(?:^|[\s_-])(?:skeleton|shimmer)(?:$|[\s_-])/i;

/** Where the browser path keeps a lazy <img>'s own src when it swaps in the lazy source (see forceLazyLoading). */
export const ORIGINAL_SRC_ATTRIBUTE = 'data-pixtract-original-src';

/** Tags that are a picture of their own: <img>, and AMP's stand-ins for it. */
export const PICTURE_TAGS = new Set(['img', 'amp-img', 'amp-anim']);

/** Tags that can carry an image themselves; other elements count only with a background or a lazy attribute. */
export const IMAGE_CARRIERS = new Set([
  'img',
  'source',
  'video',
  'input',
  'link',
  'meta',
  'script',
  'noscript',
  'svg',
  'image',
  'use',
  'feimage',
  'object',
  'embed',
  'amp-img',
  'amp-anim',
  'a',
  'area',
  'iframe',
]);

/** A data-* attribute holding something URL-like: lazy loaders of every brand. */
export function hasLazyAttribute(attrs: Record<string, string>): boolean {
  return Object.entries(attrs).some(
    ([name, value]) => name.startsWith('data-') && value.length < 4096 && /[./]/.test(value),
  );
}
