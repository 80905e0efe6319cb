import { selectOne } from 'css-select';
import type { parseDocument } from 'htmlparser2';
import { closingBracket, stringEnd, withoutComments } from '../image-address/css-image.util';
import { mediaApplies } from './media-query';

/** A parsed node (htmlparser2's DOM); DomUtils.isTag narrows it to an element. */
export type ParsedNode = ReturnType<typeof parseDocument>['children'][number];

/** Does any element of the parsed page match this selector list? */
export type SelectorTest = (selectorList: string) => boolean;

/** Pseudo-elements draw on their element: `.quote::before` counts when `.quote` exists. */
const PSEUDO_ELEMENT = /(?<!\\)::[\w-]+(?:\([^)]*\))?|(?<!\\):(?:before|after|first-line|first-letter)(?![\w-])/gi;
/** A state no untouched page is in; css-select lacks these, and treats :hover (its stand-in) as matching nothing. */
const UNTOUCHED_STATE = /(?<!\\):focus(?:-within|-visible)?(?![\w-])/gi;
/** Drawn only behind an element in the top layer (a modal dialog shown by script): nothing on the untouched page. */
const TOP_LAYER_PSEUDO = /(?<!\\)::backdrop(?![\w-])/i;
/** The root and body, which a browser always has but a parsed fragment may lack. */
const ROOT_PREFIX = /^\s*(?:html|:root)(?:\s*>\s*|\s+)(?=\S)|^\s*body(?:\s*>\s*|\s+)(?=\S)/i;

/** `a, b:is(c, d)` → `a`, `b:is(c, d)`: commas inside parentheses do not split. */
function complexSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    // An escaped character (Tailwind's `.w-1\/2`, `.bg-\[url\(…\)\]`) is part of a name.
    if (char === '\\') i++;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter(Boolean);
}

/**
 * Selector matching on the parsed HTML, as a browser would match on the untouched page (no hover, no focus).
 * A selector css-select cannot read counts as matching: the static path then reports the picture, as it did
 * before it matched selectors at all, rather than lose one.
 */
export function selectorTest(nodes: ParsedNode[]): SelectorTest {
  const known = new Map<string, boolean>();
  const matches = (selector: string): boolean => {
    if (TOP_LAYER_PSEUDO.test(selector)) return false;
    let query = selector.replace(PSEUDO_ELEMENT, '').replace(UNTOUCHED_STATE, ':hover');
    while (ROOT_PREFIX.test(query)) query = query.replace(ROOT_PREFIX, '');
    if (!query.trim() || /^(html|:root|body)$/i.test(query.trim())) return true;
    try {
      return selectOne(query, nodes) !== null;
    } catch {
      return true;
    }
  };
  return (list) => {
    let answer = known.get(list);
    if (answer === undefined) {
      answer = complexSelectors(list).some(matches);
      known.set(list, answer);
    }
    return answer;
  };
}

/** Group rules whose contents apply to the page as well (in some condition); other at-rules name no pictures of it. */
const GROUPING_AT_RULE = /^@(?:-\w+-)?(?:media|supports|layer|container|document|scope|starting-style)\b/i;
/** A rule that may name a picture: url(), image-set(), or var() (a custom property holding one). */
const NAMES_A_PICTURE = /url\(|image-set\(|var\(\s*--/i;
const KEYFRAMES = /^@(?:-\w+-)?keyframes\s+(["']?)([^\s"'{]+)\1/i;
/** A rule (innermost braces) that sets an animation: its selector and declarations. */
const ANIMATING_RULE = /([^{};]+)\{([^{}]*\banimation(?:-name)?\s*:[^{}]*)\}/gi;
const ANIMATION_VALUE = /\banimation(?:-name)?\s*:([^;}]*)/gi;

/**
 * The @keyframes of `css` that name a picture and that a rule matching an element of the page animates, as they
 * stand: a slideshow cycling `background-image` shows each picture it names, on the element it animates.
 */
function animatedKeyframes(css: string, keyframes: Map<string, string>, test: SelectorTest): string[] {
  if (keyframes.size === 0) return [];
  const animated = new Set<string>();
  for (const [, selector, declarations] of css.matchAll(ANIMATING_RULE)) {
    const names = [...declarations.matchAll(ANIMATION_VALUE)].flatMap(([, value]) => value.split(/[\s,]+/));
    const used = names.filter((name) => keyframes.has(name));
    if (used.length > 0 && !selector.trim().startsWith('@') && test(selector.trim()))
      used.forEach((name) => animated.add(name));
  }
  return [...animated].map((name) => keyframes.get(name)!);
}
/** The nesting selector (an escaped `\&` is part of a name). */
const NESTING_SELECTOR = /(?<!\\)&/g;
/** Past this many characters of parent selectors written into nested ones, a nested selector counts as matching. */
const MAX_NESTED_SELECTOR_LENGTH = 10_000;
/**
 * Blocks nested deeper than this (rules in group rules in rules…) are not read: no real sheet goes near it, and a
 * hostile one (`a{a{a{…`) would cost a scan of the rest of the text per level, and the stack.
 */
const MAX_NESTING_DEPTH = 32;

/**
 * A `@supports not (…)` / `supports(not …)` condition: the fallback for browsers without a feature, which Chromium
 * has for the features sites test (grid, gap, aspect-ratio, :has()…), so it never shows what the block names.
 */
export const isSupportsFallback = (condition: string): boolean => /^\s*not\b/i.test(condition);

/** Does the group rule introduced by `prelude` apply on the rendered screen? */
function groupApplies(prelude: string): boolean {
  // An @media the rendered screen does not match (the phone layout, print) applies nothing.
  if (/^@media\b/i.test(prelude)) return mediaApplies(prelude.slice('@media'.length));
  if (/^@supports\b/i.test(prelude)) return !isSupportsFallback(prelude.slice('@supports'.length));
  return true;
}

/** The next `{` outside strings and escapes, or -1. */
function nextOpen(css: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === '"' || css[i] === "'") i = stringEnd(css, i);
    else if (css[i] === '{') return i;
  }
  return -1;
}

/**
 * A nested rule's selector list in full, as CSS Nesting reads it: `&` is the parent rule's selector (`:is(parent)`),
 * and a selector without `&` is relative to it (`.x` a descendant, `> .x` a child). A leading `&` of a single
 * parent is written as the parent itself, so `body { & .hero {} }` keeps the root prefix selectorTest drops.
 */
function nestedSelector(list: string, parent: string): string {
  const single = complexSelectors(parent).length === 1;
  let written = 0;
  const resolved = complexSelectors(list)
    .map((selector) =>
      (selector.search(NESTING_SELECTOR) >= 0 ? selector : `& ${selector}`).replace(
        NESTING_SELECTOR,
        (_ampersand, offset: number) => {
          const substitute = offset === 0 && single ? parent : `:is(${parent})`;
          written += substitute.length;
          // Each level can multiply the length (`a, b { a, b { … } }`): stop writing once too long.
          return written > MAX_NESTED_SELECTOR_LENGTH ? '' : substitute;
        },
      ),
    )
    .join(', ');
  // Too long to match: counted as matching, as a selector css-select cannot read is.
  return written > MAX_NESTED_SELECTOR_LENGTH ? '*' : resolved;
}

const PSEUDO_ELEMENT_AT_END = /::?(?:before|after)\s*$/i;
const OPACITY = /(?:^|[;{\s])opacity\s*:\s*([^;}]*)/gi;

/**
 * Rules for ::before/::after only, drawn at no opacity: they show nothing (a preview faded out over the picture,
 * gatsby-background-image's), as the browser path, reading computed opacity, finds.
 */
function invisiblePseudoElements(selector: string, declarations: string): boolean {
  const opacity = [...declarations.matchAll(OPACITY)].at(-1)?.[1];
  return (
    opacity !== undefined &&
    parseFloat(opacity) === 0 &&
    complexSelectors(selector).every((part) => PSEUDO_ELEMENT_AT_END.test(part))
  );
}

/**
 * The rules of a stylesheet that can put a picture on this page, flattened: rules naming a picture whose selector
 * matches an element (inside @supports and other group rules too, and inside @media that applies to the rendered
 * screen). Rules for elements the page does not have — a site-wide sheet's other pages, modals never opened, hover
 * states, the phone layout, print, `@supports not` fallbacks — and pseudo-elements at no opacity are left out, as
 * the browser path, reading computed styles, leaves them out. Nested rules (CSS Nesting) are judged by their full
 * selector, like top-level ones, and a rule keeps only its own declarations. @import and @font-face lines are
 * dropped; the caller reads imports from the whole text. @keyframes that name pictures are kept when a rule that
 * matches animates with them (animatedKeyframes).
 */
export function usedRules(css: string, test: SelectorTest): string {
  // `<!--` and `-->` around a <style>'s rules (old pages, e-mail templates) are no part of any selector: CSS drops them.
  const text = withoutComments(css).replace(/<!--|-->/g, ' ');
  const kept: string[] = [];
  const keyframes = new Map<string, string>();
  /** The rules between `from` and `to`, kept; returns the declarations outside them (those of the enclosing rule). */
  const walk = (from: number, to: number, parent: string | undefined, depth: number): string => {
    const declarations: string[] = [];
    let position = from;
    while (position < to) {
      const open = nextOpen(text, position, to);
      if (open < 0) break;
      const end = Math.min(closingBracket(text, open), to);
      const before = text.slice(position, open);
      const preludeStart = before.lastIndexOf(';') + 1;
      declarations.push(before.slice(0, preludeStart));
      const prelude = before.slice(preludeStart).trim();
      if (GROUPING_AT_RULE.test(prelude)) {
        if (groupApplies(prelude)) {
          kept.push(`${prelude}{`);
          // Declarations right inside a nested group rule (`.hero { @media (…) { background: … } }`) are the parent's.
          rule(parent, open + 1, end, depth + 1);
          kept.push('}');
        }
      } else if (KEYFRAMES.test(prelude) && NAMES_A_PICTURE.test(text.slice(open + 1, end))) {
        keyframes.set(KEYFRAMES.exec(prelude)![2], text.slice(position + preludeStart, end + 1).trim());
      } else if (!prelude.startsWith('@') && NAMES_A_PICTURE.test(text.slice(open + 1, end))) {
        rule(parent === undefined ? prelude : nestedSelector(prelude, parent), open + 1, end, depth + 1);
      }
      position = end + 1;
    }
    if (position < to) declarations.push(text.slice(position, to));
    return declarations.join('');
  };
  /** A block's own declarations, kept under `selector` when they name a picture and it matches; its nested rules after them. */
  const rule = (selector: string | undefined, from: number, to: number, depth: number) => {
    if (depth > MAX_NESTING_DEPTH) return;
    const slot = kept.push('') - 1;
    const own = walk(from, to, selector, depth);
    if (
      selector !== undefined &&
      NAMES_A_PICTURE.test(own) &&
      test(selector) &&
      !invisiblePseudoElements(selector, own)
    )
      kept[slot] = `${selector}{${own.trim()}}`;
  };
  walk(0, text.length, undefined, 0);
  kept.push(...animatedKeyframes(text, keyframes, test));
  return kept.filter(Boolean).join('\n');
}
