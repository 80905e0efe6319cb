import { is } from 'css-select';
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import type { ElementRecord, StylesheetRecord } from './page-snapshot';
import { mediaApplies } from './media-query';
import {
  hasLazyAttribute,
  IMAGE_CARRIERS,
  LIGHTBOX_ATTRIBUTES,
  LIGHTBOX_JSON_SELECTOR,
  MAGENTO_GALLERY,
  MAGENTO_INIT_TYPE,
  PICTURE_TAGS,
  STAND_IN_IMG_SELECTOR,
} from './page-snapshot';
import { closingBracket, leadingUrl, stringEnd, withoutComments } from '../image-address/css-image.util';
import { isSupportsFallback, ParsedNode, SelectorTest, selectorTest, usedRules } from './used-stylesheet';

interface ParsedHtml {
  elements: ElementRecord[];
  /** <style> contents: the rules that can put a picture on this page (see usedRules). */
  stylesheets: StylesheetRecord[];
  /** Selector matching on the parsed page, for its linked stylesheets. */
  matchesSelector: SelectorTest;
  /** <link rel=stylesheet> and <style> @import targets (absolute), in document order, for the caller to fetch. */
  linkedStylesheets: { url: string; index: number }[];
  /** Signals for the auto mode (see static-extraction.service). */
  scriptCount: number;
  hasEmptyAppRoot: boolean;
  /** The page's `<meta http-equiv="refresh">`: the first one the browser would act on. */
  refresh?: Refresh;
  /** No doctype: the browser renders the page in quirks mode. */
  quirksMode: boolean;
}

/** A declarative refresh: after `seconds`, go to `url` (absolute), or reload the page when there is none. */
interface Refresh {
  seconds: number;
  url?: string;
}

type ParsedElement = ReturnType<typeof DomUtils.findAll>[number];

const LEGACY_BACKGROUND_TAGS = new Set(['body', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th']);
const SKIPPED = new Set(['noscript', 'script', 'style', 'template']);
/** A style attribute that makes its element invisible. */
const INVISIBLE = /(?:^|;)\s*visibility\s*:\s*hidden/i;
const APP_ROOT = /^(root|app|__next|__nuxt|___gatsby|svelte)$/;
/** A refresh's content as the HTML standard reads it: `5`, `0; url=next.html`, `0,'next.html'`, `1.5 next.html`. */
const REFRESH_CONTENT = /^[\t\n\f\r ]*(?=[\d.])(\d*)[\d.]*(?:$|(?=[;,\t\n\f\r ])[\t\n\f\r ]*[;,]?[\t\n\f\r ]*([^]*))$/;

/**
 * The HTML as the browser would build it without running scripts: the same element records the rendered walk
 * produces, minus what only layout knows (boxes, decoded sizes). Stylesheets keep only the rules whose selectors
 * match an element, as computed styles would.
 */
export function parseHtml(html: string, documentUrl: string): ParsedHtml {
  const document = parseDocument(html);
  const result: ParsedHtml = {
    elements: [],
    stylesheets: [],
    matchesSelector: selectorTest(document.children),
    linkedStylesheets: [],
    scriptCount: 0,
    hasEmptyAppRoot: false,
    quirksMode: inQuirksMode(document.children),
  };
  let index = 0;

  /** `link`: the index of the `<a href>` being walked, when it holds a single picture; `picture`: of the parent <picture>. */
  const walk = (
    nodes: ParsedNode[],
    base: string,
    scope: ElementRecord['scope'],
    matchesSelector: SelectorTest,
    link?: number,
    picture?: number,
  ) => {
    for (const node of nodes) {
      if (!DomUtils.isTag(node)) continue;
      index += 1;
      const tag = htmlTagOf(node.name);
      const attrs = { ...node.attribs };
      const lightboxJson = tag === 'script' && is(node, LIGHTBOX_JSON_SELECTOR);
      const record: ElementRecord = {
        index,
        tag,
        attrs,
        base,
        ...(scope && { scope }),
        ...(link && (PICTURE_TAGS.has(tag) || lightboxJson) && { link }),
        ...(picture && (tag === 'source' || tag === 'img') && { picture }),
      };
      // Lightbox links may have no href at all (Fancybox's data-src), and lightGallery's items may be any element.
      const linkLike = tag === 'a' || LIGHTBOX_ATTRIBUTES.some((name) => name in attrs);
      const wrappedLink = linkLike && picturesInside(node.children) === 1 ? index : link;
      // Inline handlers (onload=, onerror=) are scripts too.
      if (Object.keys(attrs).some((name) => /^on[a-z]+$/.test(name))) result.scriptCount += 1;
      const style = attrs.style;
      const backgrounds = style && /url\(|var\(\s*--/i.test(style) ? [{ value: style }] : [];
      // The legacy attribute the browser maps to background-image (<body background>, <td background>).
      if (attrs.background?.trim() && LEGACY_BACKGROUND_TAGS.has(tag))
        backgrounds.push({ value: `url("${attrs.background.trim().replace(/["\\]/g, '\\$&')}")` });
      if (backgrounds.length > 0) record.backgrounds = backgrounds;
      if (tag === 'noscript') record.text = DomUtils.getInnerHTML(node);
      if (tag === 'script') {
        const galleryData =
          attrs.type?.trim().toLowerCase() === MAGENTO_INIT_TYPE &&
          DomUtils.textContent(node).includes(MAGENTO_GALLERY);
        if (/ld\+json/i.test(attrs.type ?? '') || lightboxJson || galleryData) record.text = DomUtils.textContent(node);
        else if (!/json|template|text\/(?!javascript)/i.test(attrs.type ?? '')) result.scriptCount += 1;
      }
      // An inline drawing its own style makes invisible is UI waiting for a hover (the browser path reads stylesheets too).
      if (tag === 'svg' && !INVISIBLE.test(attrs.style ?? '')) record.text = standaloneSvg(node);
      if (tag === 'style' && mediaApplies(attrs.media ?? '')) {
        const css = DomUtils.textContent(node);
        result.stylesheets.push({ base, text: usedRules(css, matchesSelector), index });
        result.linkedStylesheets.push(...importsOf(css, base).map((url) => ({ url, index })));
      }
      if (tag === 'link' && attrs.href && appliesStylesheet(attrs)) {
        const href = safeUrl(attrs.href, base);
        if (href) result.linkedStylesheets.push({ url: href, index });
      }
      // A srcdoc frame's or a shadow root's refresh is not the page's.
      if (tag === 'meta' && !scope && !result.refresh && attrs['http-equiv']?.trim().toLowerCase() === 'refresh')
        result.refresh = refreshOf(attrs.content ?? '', base);
      if (tag === 'div' && APP_ROOT.test(attrs.id ?? '') && node.children.every((child) => !DomUtils.isTag(child)))
        result.hasEmptyAppRoot = true;
      if (tag === 'app-root' || 'ng-app' in attrs) result.hasEmptyAppRoot = true;
      if (IMAGE_CARRIERS.has(tag) || record.backgrounds || hasLazyAttribute(attrs)) result.elements.push(record);
      if (tag === 'iframe' && attrs.srcdoc) {
        const frame = parseDocument(attrs.srcdoc);
        walk(frame.children, base, 'iframe', selectorTest(frame.children));
      }
      // A shadow root's own <style> applies inside it; the page's sheets are matched on the whole tree, shadow included.
      if (tag === 'template' && attrs.shadowrootmode === 'open')
        walk(node.children, base, 'shadow', selectorTest(node.children));
      if (tag === 'svg') walkSvgChildren(node.children, base, scope);
      else if (!SKIPPED.has(tag))
        walk(node.children, base, scope, matchesSelector, wrappedLink, tag === 'picture' ? index : undefined);
    }
  };
  // Images inside an inline SVG (<image>, <use>, a filter's <feImage>) are their own files as well.
  const walkSvgChildren = (nodes: ParsedNode[], base: string, scope: ElementRecord['scope']) => {
    for (const node of nodes) {
      if (!DomUtils.isTag(node)) continue;
      index += 1;
      // The parser keeps SVG's camel case (feImage); records name tags in lower case, as the browser walk does.
      const tag = node.name.toLowerCase();
      if (tag === 'image' || tag === 'use' || tag === 'feimage')
        result.elements.push({ index, tag, attrs: { ...node.attribs }, base, ...(scope && { scope }) });
      walkSvgChildren(node.children, base, scope);
    }
  };

  /** Elements by id, read once the first inline SVG asks. */
  let byId: Map<string, ParsedElement> | undefined;
  /** An inline <svg>'s markup with the definitions its <use href="#…"> draw from elsewhere (a symbol sheet): a file of its own. */
  const standaloneSvg = (svg: ParsedElement): string => {
    const borrowed = new Set<string>();
    for (const use of DomUtils.findAll((element) => element.name === 'use', svg.children)) {
      const href = (use.attribs.href ?? use.attribs['xlink:href'] ?? '').trim();
      if (!href.startsWith('#')) continue;
      byId ??= new Map(
        DomUtils.findAll((element) => Boolean(element.attribs.id), document.children).map((element) => [
          element.attribs.id,
          element,
        ]),
      );
      const target = byId.get(href.slice(1));
      if (target && !DomUtils.existsOne((element) => element === target, svg.children))
        borrowed.add(DomUtils.getOuterHTML(target));
    }
    const markup = DomUtils.getOuterHTML(svg);
    return borrowed.size > 0
      ? markup.replace(/^<svg\b[^>]*>/i, (opening) => `${opening}<defs>${[...borrowed].join('')}</defs>`)
      : markup;
  };

  const baseElement = DomUtils.findOne(
    (element) => element.name === 'base' && Boolean(element.attribs.href),
    document.children,
  );
  const base = (baseElement && safeUrl(baseElement.attribs.href, documentUrl)) || documentUrl;
  walk(document.children, base, undefined, result.matchesSelector);
  return result;
}

/** An element's tag as an HTML parser names it: lower case, and <image> outside SVG is <img> (htmlparser2 keeps the name). */
function htmlTagOf(name: string): string {
  const tag = name.toLowerCase();
  return tag === 'image' ? 'img' : tag;
}

/**
 * <img>, <amp-img> and <amp-anim> elements among `nodes` and their descendants, as the rendered page has them
 * (noscript is text there), stand-ins aside.
 */
function picturesInside(nodes: ParsedNode[]): number {
  return nodes.reduce((count, node) => {
    if (!DomUtils.isTag(node)) return count;
    const tag = htmlTagOf(node.name);
    if (SKIPPED.has(tag)) return count;
    if (PICTURE_TAGS.has(tag)) return count + (is(node, STAND_IN_IMG_SELECTOR) ? 0 : 1);
    return count + picturesInside(node.children);
  }, 0);
}

/** Quirks mode: no doctype before the first element or text (the legacy doctypes that also trigger it are not told apart). */
function inQuirksMode(nodes: ParsedNode[]): boolean {
  for (const node of nodes) {
    if (node.type === ElementType.Directive && node.name.toLowerCase() === '!doctype') return false;
    if (DomUtils.isTag(node) || (DomUtils.isText(node) && /[^\t\n\f\r ]/.test(node.data))) return true;
  }
  return true;
}

/**
 * A `<meta http-equiv="refresh">` content read as the HTML standard's declarative refresh steps: the whole seconds,
 * then the target after `url=` (a quote around it dropped up to its closing one), relative to the base. Undefined
 * when it cannot be read (the browser ignores it too), or names a javascript: URL, which Chromium refuses to refresh to.
 */
function refreshOf(content: string, base: string): Refresh | undefined {
  const parts = REFRESH_CONTENT.exec(content);
  if (!parts) return undefined;
  const seconds = Number(parts[1] || 0);
  const rest = parts[2];
  if (!rest) return { seconds };
  const named = /^url[\t\n\f\r ]*=[\t\n\f\r ]*/i.exec(rest);
  let target = rest;
  // Quotes count after `url=`, or around a URL not starting with "u" (one starting "u…" but no `url=` is read as written).
  if (named || !/^u/i.test(rest)) {
    target = rest.slice(named?.[0].length ?? 0);
    const quote = /^["']/.exec(target)?.[0];
    if (quote) target = target.slice(1).split(quote)[0];
  }
  const url = safeUrl(target, base);
  return url && !url.startsWith('javascript:') ? { seconds, url } : undefined;
}

function safeUrl(raw: string, base: string): string | undefined {
  try {
    return new URL(raw.trim(), base).href;
  } catch {
    return undefined;
  }
}

/**
 * Does a `<link>` bring a stylesheet the page applies? rel=stylesheet, unless an alternate sheet (applied only when
 * a visitor picks it) or disabled; and loadCSS's `rel=preload as=style onload="this.rel='stylesheet'"`, a sheet once
 * loaded (its `<noscript>` copy is not walked, so it is read once). The usual way to load a sheet without blocking,
 * `media="print" onload="this.media='all'"`, applies whatever its media.
 */
function appliesStylesheet(attrs: Record<string, string>): boolean {
  const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
  if (rel.includes('alternate') || 'disabled' in attrs) return false;
  if (rel.includes('stylesheet')) return Boolean(attrs.onload) || mediaApplies(attrs.media ?? '');
  // A preload for another medium is not fetched, so its onload never runs.
  return (
    rel.includes('preload') &&
    attrs.as?.trim().toLowerCase() === 'style' &&
    /stylesheet/i.test(attrs.onload ?? '') &&
    mediaApplies(attrs.media ?? '')
  );
}

/** The statements that may precede an @import, and @import itself: `@charset`, `@layer a, b;` (with a `;`, not a block). */
const LEADING_STATEMENT = /(?:\s|<!--|-->)*@(import|charset|layer)\b/iy;
/** An @import's `layer`, `layer(…)` or `supports(…)` before its media query. */
const IMPORT_CONDITION = /^\s*(?:layer\b(?!\()|(layer|supports)\()/i;

/**
 * `@import url("a.css")` / `@import "a.css" screen` targets, absolute, of the imports CSS honours: those before any
 * other rule (only @charset, @layer statements and other @imports may precede them). Those for another medium
 * (print) and `supports(not …)` fallbacks (see isSupportsFallback) are left out.
 */
export function importsOf(css: string, base: string): string[] {
  const text = withoutComments(css);
  const targets: string[] = [];
  const statements = new RegExp(LEADING_STATEMENT);
  for (let statement = statements.exec(text); statement; statement = statements.exec(text)) {
    const prelude = statement.index + statement[0].length;
    const end = statementEnd(text, prelude);
    if (end < 0) break;
    const target = statement[1].toLowerCase() === 'import' ? leadingUrl(text.slice(prelude, end)) : undefined;
    const url = target && importApplies(target.rest) ? safeUrl(target.url, base) : undefined;
    if (url) targets.push(url);
    statements.lastIndex = end + 1;
  }
  return targets;
}

/** The `;` (or the end of the text) ending the statement whose prelude starts at `from`; -1 when a block comes first (`@layer base { … }`). */
function statementEnd(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === '"' || css[i] === "'") i = stringEnd(css, i);
    else if (css[i] === '(') i = closingBracket(css, i);
    else if (css[i] === ';') return i;
    else if (css[i] === '{') return -1;
  }
  return css.length;
}

/** Do an import's conditions (`layer(base) supports(display: grid) screen`) hold on the rendered screen? */
function importApplies(conditions: string): boolean {
  let rest = conditions;
  for (let condition = IMPORT_CONDITION.exec(rest); condition; condition = IMPORT_CONDITION.exec(rest)) {
    let end = condition[0].length;
    if (condition[1]) {
      const close = closingBracket(rest, end - 1);
      if (/^supports$/i.test(condition[1]) && isSupportsFallback(rest.slice(end, close))) return false;
      end = close + 1;
    }
    rest = rest.slice(end);
  }
  return mediaApplies(rest);
}
