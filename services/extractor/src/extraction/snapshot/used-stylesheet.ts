import { selectOne } from 'css-select';
import type { parseDocument } from 'htmlparser2';
import { withoutComments } from '../css-image.util';
import { mediaApplies } from './media-query';

/** A parsed node (htmlparser2's DOM); DomUtils.isTag narrows it to an element. */
export type ParsedNode = ReturnType<typeof parseDocument>['children'][number];

/** Does any element of the parsed page match this selector list? */
export type SelectorTest = (selectorList: string) => boolean;

/** Pseudo-elements draw on their element: `.quote::before` counts when `.quote` exists. */
const PSEUDO_ELEMENT = /(?<!\\)::[\w-]+(?:\([^)]*\))?|(?<!\\):(?:before|after|first-line|first-letter)(?![\w-])/gi;
/** A state no untouched page is in; css-select lacks these, and treats :hover (its stand-in) as matching nothing. */
const UNTOUCHED_STATE = /(?<!\\):focus(?:-within|-visible)?(?![\w-])/gi;
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

/** Past the string that opens at `quote`. */
function afterString(css: string, quote: number): number {
  const close = css.indexOf(css[quote], quote + 1);
  return close < 0 ? css.length : close;
}

/** The next `{` outside strings, or -1. */
function nextOpen(css: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (css[i] === '"' || css[i] === "'") i = afterString(css, i);
    else if (css[i] === '{') return i;
  }
  return -1;
}

/** The index of the `}` closing the block opened at `open`, skipping strings; the end of the text if unclosed. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") i = afterString(css, i);
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i;
  }
  return css.length;
}

/**
 * The rules of a stylesheet that can put a picture on this page: rules naming a picture whose selector matches
 * an element (inside @supports and other group rules too, and inside @media that applies to the rendered screen).
 * Rules for elements the page does not have — a site-wide sheet's other pages, modals never opened, hover states,
 * the phone layout, print — are left out, as the browser path, reading computed styles, leaves them out. @import
 * and @font-face lines are dropped; the caller reads imports from the whole text.
 */
export function usedRules(css: string, test: SelectorTest): string {
  const text = withoutComments(css);
  const kept: string[] = [];
  const walk = (from: number, to: number) => {
    let position = from;
    while (position < to) {
      const open = nextOpen(text, position, to);
      if (open < 0) return;
      const end = Math.min(blockEnd(text, open), to);
      const prelude = text.slice(position, open).split(';').pop()!.trim();
      const body = text.slice(open + 1, end);
      if (GROUPING_AT_RULE.test(prelude)) {
        // An @media the rendered screen does not match (the phone layout, print) applies nothing.
        if (!/^@media\b/i.test(prelude) || mediaApplies(prelude.slice('@media'.length))) {
          kept.push(`${prelude}{`);
          walk(open + 1, end);
          kept.push('}');
        }
      } else if (!prelude.startsWith('@') && NAMES_A_PICTURE.test(body) && test(prelude)) {
        kept.push(`${prelude}{${body}}`);
      }
      position = end + 1;
    }
  };
  walk(0, text.length);
  return kept.join('\n');
}
