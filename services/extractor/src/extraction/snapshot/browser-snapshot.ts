import type { Frame, Page } from 'playwright-core';
import { z } from 'zod';
import type { ActivityProbe } from '../../browser/activity-probe';
import {
  ElementRecord,
  IMAGE_CARRIERS,
  LIGHTBOX_ATTRIBUTES,
  LIGHTBOX_JSON_SELECTOR,
  MAGENTO_GALLERY,
  MAGENTO_INIT_TYPE,
  PLACEHOLDER_CLASS,
  STAND_IN_IMG_SELECTOR,
} from './page-snapshot';

/** Elements walked per page; beyond this the page is cut off with a warning (hostile or absurd DOMs). */
export const MAX_WALKED_ELEMENTS = 30_000;
const MAX_VALUE_LENGTH = 2_000_000;

const sizeSchema = z.object({ width: z.number().nonnegative(), height: z.number().nonnegative() });
/** A page can patch every DOM getter: what comes back is validated like any other input. */
const recordSchema = z.object({
  index: z.number().int().nonnegative(),
  tag: z.string().max(100),
  attrs: z.record(z.string().max(100), z.string().max(MAX_VALUE_LENGTH)),
  base: z.string().max(MAX_VALUE_LENGTH),
  scope: z.enum(['shadow', 'iframe']).optional(),
  currentSrc: z.string().max(MAX_VALUE_LENGTH).optional(),
  natural: sizeSchema.optional(),
  box: sizeSchema.extend({ x: z.number(), y: z.number() }).optional(),
  backgrounds: z
    .array(z.object({ value: z.string().max(MAX_VALUE_LENGTH), pseudo: z.enum(['before', 'after']).optional() }))
    .optional(),
  text: z.string().max(MAX_VALUE_LENGTH).optional(),
  link: z.number().int().nonnegative().optional(),
  picture: z.number().int().nonnegative().optional(),
  revealed: z.boolean().optional(),
  placeholder: z.boolean().optional(),
});
const walkSchema = z.object({
  records: z.array(z.unknown()),
  truncated: z.boolean(),
  notPictures: z.array(z.string().max(MAX_VALUE_LENGTH)),
  /** The last index given: a cross-origin frame's walk counts on from it. */
  lastIndex: z.number().int().nonnegative(),
});

interface WalkOptions {
  limit: number;
  carriers: string[];
  lightbox: string[];
  lightboxJson: string;
  magentoInit: string;
  magentoGallery: string;
  standInImg: string;
  /** Read the pictures @keyframes rules name (the `keyframes` behaviour). */
  keyframes: boolean;
  placeholderClass: string;
  /** A cross-origin frame's walk: where the frame sits on the page, and the index its elements count on from. */
  frame?: { x: number; y: number; indexBase: number };
}

/**
 * Runs in the page: one pass over the document in order, descending into open shadow roots and same-origin
 * frames (srcdoc included), keeping only elements that can carry an image, and noting the files the browser
 * fetched that are no pictures of the page: cursor images its styles name, stand-ins its scripts replaced (the
 * activity probe's record), pseudo-element pictures at no opacity.
 */
function walkDocument({
  limit,
  carriers,
  lightbox,
  lightboxJson,
  magentoInit,
  magentoGallery,
  standInImg,
  keyframes,
  placeholderClass,
  frame,
}: WalkOptions): { records: unknown[]; truncated: boolean; notPictures: string[]; lastIndex: number } {
  const CARRIERS = new Set(carriers);
  const records: unknown[] = [];
  const probe = (window as unknown as { __pixtractActivity?: ActivityProbe }).__pixtractActivity;
  const notPictures = new Set<string>(probe?.standIns);
  /** The files a computed value names, noted as no pictures of the page (computed url()s are absolute: `url("https://…/hand.png"), pointer`). */
  const notFetchedAsPictures = (computed: string) => {
    for (const [, url] of computed.matchAll(/url\("((?:[^"\\]|\\.)*)"\)/g)) notPictures.add(url);
  };
  let index = frame?.indexBase ?? 0;
  let truncated = false;
  const linkIndexes = new Map<Element, number>();
  /** Pictures inside each link, counted once per link: a lightbox container may hold thousands. */
  const picturesInLink = new Map<Element, number>();
  const picturesIn = (link: Element) => {
    let count = picturesInLink.get(link);
    // AMP's elements render an <img> of their own: counted once. Stand-ins beside a picture are no picture.
    if (count === undefined)
      picturesInLink.set(
        link,
        (count = link.querySelectorAll(`img:not(amp-img img, amp-anim img, ${standInImg}), amp-img, amp-anim`).length),
      );
    return count;
  };
  const linkSelector = ['a', ...lightbox.map((name) => `[${name}]`)].join(', ');
  /** The link (or lightbox item) an element belongs to, when it holds a single picture: its index. */
  const linkOf = (element: Element) => {
    const link = element.closest(linkSelector);
    const linkIndex = link && linkIndexes.get(link);
    return linkIndex && picturesIn(link) === 1 ? linkIndex : undefined;
  };
  const pictureIndexes = new Map<Element, number>();
  const attrsOf = (element: Element) => {
    const attrs: Record<string, string> = {};
    for (const attr of Array.from(element.attributes))
      if (attr.name.length <= 100) attrs[attr.name] = attr.value.slice(0, 2_000_000);
    return attrs;
  };
  /** static-snapshot's standaloneSvg, restated: the definitions an inline <svg>'s <use href="#…"> draw from elsewhere go along. */
  const standaloneSvg = (svg: Element, root: Document | ShadowRoot) => {
    const borrowed = new Set<string>();
    for (const use of Array.from(svg.querySelectorAll('use'))) {
      const href = (use.getAttribute('href') ?? use.getAttribute('xlink:href') ?? '').trim();
      const target = href.startsWith('#') ? root.getElementById(href.slice(1)) : null;
      if (target && !svg.contains(target)) borrowed.add(target.outerHTML);
    }
    return borrowed.size > 0
      ? svg.outerHTML.replace(/^<svg\b[^>]*>/i, (opening) => `${opening}<defs>${[...borrowed].join('')}</defs>`)
      : svg.outerHTML;
  };
  // page-snapshot's hasLazyAttribute, restated: a page function cannot import.
  const hasLazyAttribute = (element: Element) =>
    Array.from(element.attributes).some(
      (attr) => attr.name.startsWith('data-') && /[./]/.test(attr.value) && attr.value.length < 4096,
    );
  const imageValue = (value: string | null | undefined) =>
    value && value !== 'none' && value.includes('url(') ? value : undefined;
  /** Elements present before the first press of a control (reveal-controls.util): the others were revealed by it. */
  const beforeClicks = (window as unknown as { __pixtractBeforeClicks?: WeakSet<Element> }).__pixtractBeforeClicks;
  const placeholder = new RegExp(placeholderClass, 'i');
  /**
   * The pictures each @keyframes names, absolute, by animation name: a slideshow cycling background-image shows
   * one at a time, and its computed style names only the current one. Cross-origin sheets cannot be read.
   */
  const keyframeImages = new Map<string, string>();
  const readRules = (rules: CSSRuleList, base: string) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSKeyframesRule) {
        const urls = [...rule.cssText.matchAll(/url\(\s*(["']?)((?:[^"'\\)]|\\.)*)\1\s*\)/g)].flatMap(([, , url]) => {
          try {
            return [new URL(url, base).href];
          } catch {
            return [];
          }
        });
        if (urls.length > 0) keyframeImages.set(rule.name, [...new Set(urls)].map((url) => `url("${url}")`).join(', '));
      } else if ('cssRules' in rule) readRules((rule as CSSGroupingRule).cssRules, base);
    }
  };
  if (keyframes)
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        readRules(sheet.cssRules, sheet.href ?? document.baseURI);
      } catch {
        // A cross-origin sheet: its rules are not the page's to read.
      }
    }

  const visit = (
    root: Document | ShadowRoot,
    scope: 'shadow' | 'iframe' | undefined,
    offsetX: number,
    offsetY: number,
  ) => {
    // Frames are other realms: `instanceof Document` is false for their documents.
    const owner = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root.ownerDocument as Document);
    const view = owner.defaultView ?? window;
    const walker = owner.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (index >= limit) {
        truncated = true;
        return;
      }
      const element = node as Element;
      // Lower case, as an HTML parser names them: SVG's <feImage> is `feimage` in both paths.
      const tag = element.localName.toLowerCase();
      index += 1;
      const style = view.getComputedStyle(element);
      if (style.cursor.includes('url(')) notFetchedAsPictures(style.cursor);
      const backgrounds: { value: string; pseudo?: 'before' | 'after' }[] = [];
      // An element's own `content: url()` replaces what it shows with that picture, as on its ::before and ::after.
      for (const value of [
        style.backgroundImage,
        style.listStyleImage,
        style.borderImageSource,
        style.maskImage,
        style.content,
      ]) {
        const own = imageValue(value);
        if (own) backgrounds.push({ value: own });
      }
      if (keyframeImages.size > 0 && style.animationName !== 'none')
        for (const name of style.animationName.split(',')) {
          const animated = keyframeImages.get(name.trim());
          if (animated) backgrounds.push({ value: animated });
        }
      for (const pseudo of ['before', 'after'] as const) {
        const pseudoStyle = view.getComputedStyle(element, `::${pseudo}`);
        // An icon drawn through a mask (MkDocs' admonitions) is read as on the element itself, and as the static path reads it.
        const value =
          imageValue(pseudoStyle.backgroundImage) ??
          imageValue(pseudoStyle.content) ??
          imageValue(pseudoStyle.maskImage);
        // At no opacity it shows nothing: a preview faded out over the picture (gatsby-background-image's).
        if (value && pseudoStyle.opacity === '0') notFetchedAsPictures(value);
        else if (value) backgrounds.push({ value, pseudo });
      }
      if (tag === 'picture') pictureIndexes.set(element, index);
      const inlineSvg = tag === 'svg' && !(element.parentElement && element.parentElement.closest('svg'));
      // The <img> AMP renders inside its own element is that element's (its placeholder's too): recorded there.
      const renderedByAmp = tag === 'img' && Boolean(element.parentElement?.localName.startsWith('amp-'));
      if ((CARRIERS.has(tag) && !renderedByAmp) || backgrounds.length > 0 || hasLazyAttribute(element)) {
        const rect = element.getBoundingClientRect();
        const record: Record<string, unknown> = {
          index,
          tag,
          attrs: attrsOf(element),
          base: element.baseURI,
          box: {
            x: rect.x + view.scrollX + offsetX,
            y: rect.y + view.scrollY + offsetY,
            width: rect.width,
            height: rect.height,
          },
        };
        if (scope) record.scope = scope;
        if (beforeClicks && !beforeClicks.has(element)) record.revealed = true;
        const parentClass = element.parentElement?.getAttribute('class');
        if (parentClass && placeholder.test(parentClass)) record.placeholder = true;
        if (backgrounds.length > 0) record.backgrounds = backgrounds;
        if (element.matches(linkSelector)) linkIndexes.set(element, index);
        const picture =
          (tag === 'source' || tag === 'img') && element.parentElement
            ? pictureIndexes.get(element.parentElement)
            : undefined;
        if (picture) record.picture = picture;
        if (tag === 'img' || tag === 'amp-img' || tag === 'amp-anim') {
          const link = linkOf(element);
          if (link) record.link = link;
          const img = (tag === 'img' ? element : element.querySelector('img')) as HTMLImageElement | null;
          if (img) {
            record.currentSrc = img.currentSrc;
            if (img.naturalWidth > 0) record.natural = { width: img.naturalWidth, height: img.naturalHeight };
          }
        }
        if (tag === 'input' && (element as HTMLInputElement).type === 'image') {
          const input = element as HTMLInputElement;
          record.currentSrc = input.src;
        }
        if (tag === 'noscript') record.text = element.textContent ?? '';
        if (tag === 'script' && /ld\+json/i.test(element.getAttribute('type') ?? ''))
          record.text = element.textContent ?? '';
        if (
          tag === 'script' &&
          element.getAttribute('type')?.trim().toLowerCase() === magentoInit &&
          element.textContent?.includes(magentoGallery)
        )
          record.text = element.textContent;
        if (tag === 'script' && element.matches(lightboxJson)) {
          record.text = element.textContent ?? '';
          const link = linkOf(element);
          if (link) record.link = link;
        }
        // An inline drawing a stylesheet makes invisible is UI waiting for a hover or an overlay (GitHub's heading
        // anchors, a lightbox's close button): no drawing of the page.
        if (inlineSvg && style.visibility !== 'hidden') record.text = standaloneSvg(element, root);
        records.push(record);
      }
      if (element.shadowRoot) visit(element.shadowRoot, scope ?? 'shadow', offsetX, offsetY);
      if (tag === 'iframe') {
        let inner: Document | null = null;
        try {
          inner = (element as HTMLIFrameElement).contentDocument;
        } catch {
          inner = null;
        }
        if (inner?.documentElement) {
          const rect = element.getBoundingClientRect();
          visit(inner, 'iframe', rect.x + view.scrollX + offsetX, rect.y + view.scrollY + offsetY);
        }
      }
    }
  };
  visit(document, frame ? 'iframe' : undefined, frame?.x ?? 0, frame?.y ?? 0);
  // Pictures the page took out again (a virtual scroller's recycled rows), after the DOM: their attributes name them.
  for (const { attrs, base, placeholder } of probe?.removedImages ?? []) {
    if (index >= limit) break;
    index += 1;
    records.push({ index, tag: 'img', attrs, base, ...(placeholder && { placeholder }) });
  }
  return { records, truncated, notPictures: [...notPictures], lastIndex: index };
}

/**
 * The rendered page as element records; `truncated` when the walk stopped at MAX_WALKED_ELEMENTS; `notPictures`,
 * files it fetched that are no pictures of it (cursors, replaced stand-ins).
 */
export async function snapshotRenderedPage(
  page: Page,
  { keyframes }: { keyframes: boolean } = { keyframes: true },
): Promise<{ elements: ElementRecord[]; truncated: boolean; notPictures: Set<string> }> {
  const options: WalkOptions = {
    limit: MAX_WALKED_ELEMENTS,
    carriers: [...IMAGE_CARRIERS],
    lightbox: LIGHTBOX_ATTRIBUTES,
    lightboxJson: LIGHTBOX_JSON_SELECTOR,
    magentoInit: MAGENTO_INIT_TYPE,
    magentoGallery: MAGENTO_GALLERY,
    standInImg: STAND_IN_IMG_SELECTOR,
    keyframes,
    placeholderClass: PLACEHOLDER_CLASS.source,
  };
  const walk = walkSchema.parse(await page.evaluate(walkDocument, options));
  // Frames from other origins, which the page's own walk cannot enter: walked in their own realm, placed where they
  // sit, so their pictures are read as in the page (the largest srcset candidate, not the one the frame loaded).
  const children = page.mainFrame().childFrames();
  const others = await Promise.all(children.map((frame) => frame.evaluate(anotherSitesDocument).catch(() => false)));
  for (const frame of children.filter((_frame, index) => others[index])) {
    if (walk.truncated) break;
    const inFrame = await crossOriginFrameWalk(frame, options, walk.lastIndex).catch(() => undefined);
    if (!inFrame) continue;
    walk.records.push(...inFrame.records);
    walk.notPictures.push(...inFrame.notPictures);
    walk.truncated ||= inFrame.truncated;
    walk.lastIndex = inFrame.lastIndex;
  }
  const elements = walk.records.flatMap((raw) => {
    const parsed = recordSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  return { elements, truncated: walk.truncated, notPictures: new Set(walk.notPictures) };
}

/**
 * Runs in a frame: is it another site's document? Not when it can reach its parent's (the parent's walk has read
 * it), nor when it is sandboxed into an opaque origin: the page isolated that content (an ad, a user's markup),
 * and what it shows is known by its network alone.
 */
function anotherSitesDocument(): boolean {
  if (window.origin === 'null') return false;
  try {
    return !window.parent.document;
  } catch {
    return true;
  }
}

/**
 * A cross-origin child frame walked in its own realm, its boxes offset by where it sits on the page and its
 * indexes counted on from `indexBase` (the limit stays the page's).
 */
async function crossOriginFrameWalk(frame: Frame, options: WalkOptions, indexBase: number) {
  const element = await frame.frameElement();
  const [box, scroll] = await Promise.all([
    element.boundingBox(),
    element.evaluate(() => ({ x: window.scrollX, y: window.scrollY })),
  ]);
  if (!box) return undefined;
  return walkSchema.parse(
    await frame.evaluate(walkDocument, {
      ...options,
      frame: { x: box.x + scroll.x, y: box.y + scroll.y, indexBase },
    }),
  );
}
