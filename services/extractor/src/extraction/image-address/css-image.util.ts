import { isDecodedType } from './decoded-types';

/** One image named by a CSS value: the best candidate, and the other candidates of an image-set(). */
export interface CssImage {
  url: string;
  variants: string[];
}

/** A quoted CSS string, escaped quotes included. */
const STRING = String.raw`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`;
/**
 * A CSS escape: a backslash and one to six hex digits (a whitespace after them ends the escape), or another
 * character. Read one way only, so a url() that fails to close costs no backtracking (`\aaaaaa` repeated).
 */
const ESCAPE = String.raw`\\(?:(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{1,5}(?![0-9a-fA-F]))\s?|[^\n0-9a-fA-F])`;
/** A url()'s argument: a string, or text without quotes, parentheses or whitespace unless escaped (`a\ b.png`, `a\(1\).png`). */
const URL_ARGUMENT = String.raw`${STRING}|(?:[^"'()\s\\]|${ESCAPE})*`;
/** A declaration's value up to its `;` or `}`: a url() or a quoted string may hold either (`data:image/png;base64,…`). */
const declarationValue = String.raw`(?:url\(\s*(?:${URL_ARGUMENT})\s*\)|${STRING}|[^;}])*`;
const URL_TOKEN = new RegExp(String.raw`url\(\s*(${URL_ARGUMENT})\s*\)`, 'gi');
/** A url() or a string at the start of a text: `@import`'s target. */
const LEADING_URL = new RegExp(String.raw`^\s*(?:url\(\s*(${URL_ARGUMENT})\s*\)|(${STRING}))`, 'i');
/** An image-set() candidate: a url() or a string, then its descriptors (`2x`, `type("image/avif")`). */
const IMAGE_SET_CANDIDATE = new RegExp(String.raw`(?:url\(\s*(${URL_ARGUMENT})\s*\)|(${STRING}))([^,]*)`, 'gi');
const IMAGE_SET = /(?:-webkit-)?image-set\(/gi;
/** Declarations whose url()s are pictures (fonts, cursors, behaviours and imports are not). */
const IMAGE_DECLARATION = new RegExp(
  String.raw`(?:^|[;{\s])(background(?:-image)?|content|list-style(?:-image)?|border-image(?:-source)?|(?:-webkit-)?mask(?:-image)?)\s*:\s*(${declarationValue})`,
  'gi',
);

/** `url(a.png), image-set("b.png" 1x, "c.png" 2x)` → a.png; c.png with b.png as a variant. */
export function imagesInCssValue(value: string): CssImage[] {
  const images: CssImage[] = [];
  let rest = value;
  for (const set of findImageSets(value)) {
    const candidates = imageSetCandidates(set.body);
    // A candidate of a type the browser does not decode (JPEG XL) is never shown: a rendition, not the picture.
    const best = candidates.reduce<(typeof candidates)[number] | undefined>(
      (top, candidate) => (candidate.decoded && (!top || candidate.density > top.density) ? candidate : top),
      undefined,
    );
    if (best)
      images.push({
        url: best.url,
        variants: candidates.filter((candidate) => candidate !== best).map((candidate) => candidate.url),
      });
    rest = rest.replace(set.whole, ' ');
  }
  for (const match of rest.matchAll(URL_TOKEN)) {
    const url = urlOf(match[1]);
    if (url) images.push({ url, variants: [] });
  }
  return images;
}

/** The URL a url() argument or a string names: quotes off, CSS escapes read. */
const urlOf = (argument: string): string => unescapeCss(/^["']/.test(argument) ? argument.slice(1, -1) : argument);

/** The URL a `url(…)` or a string at the start of `text` names, and the text after it (`@import url(a.css) screen`). */
export function leadingUrl(text: string): { url: string; rest: string } | undefined {
  const match = LEADING_URL.exec(text);
  return match ? { url: urlOf(match[1] ?? match[2]), rest: text.slice(match[0].length) } : undefined;
}

/**
 * Custom properties by name, with every picture value the style texts give each, in source order: without a
 * cascade per element, `.dark { --pattern: url(a.svg) } .light { --pattern: url(b.svg) }` may be either.
 */
export type CustomProperties = Map<string, string[]>;

const CUSTOM_PROPERTY = new RegExp(String.raw`(?:^|[;{\s])(--[\w-]+)\s*:\s*(${declarationValue})`, 'g');
/** `var(--name)` or `var(--name, fallback)`, the fallback holding at most one level of parentheses. */
const VAR_REFERENCE = /var\(\s*(--[\w-]+)\s*(?:,\s*((?:[^()]|\([^()]*\))*))?\)/g;

/** CSS text without its comments. */
export const withoutComments = (css: string): string => css.replace(/\/\*[\s\S]*?\*\//g, '');

/**
 * The custom properties of style texts that may hold a picture: a url(), an image-set(), or another property's value
 * (`--card: var(--photo)`), each block's value in force (see inForce). Static path: nothing computes var() there.
 */
export function customPropertiesIn(...styles: string[]): CustomProperties {
  const properties: CustomProperties = new Map();
  for (const css of styles) {
    const text = withoutComments(css);
    for (const [, name, value] of inForce(text, [...text.matchAll(CUSTOM_PROPERTY)])) {
      const values = properties.get(name) ?? [];
      if (/url\(|image-set\(|var\(\s*--/i.test(value) && !values.includes(value.trim()))
        properties.set(name, [...values, value.trim()]);
    }
  }
  return properties;
}

/**
 * Names of the custom properties that image declarations of `css` read through var(), and of those the used ones
 * read in turn: with `.card { background: var(--card) } :root { --card: var(--photo) }`, `--photo` is used too.
 */
export function customPropertiesUsedForImages(css: string): string[] {
  const text = withoutComments(css);
  const reads = new Map<string, string[]>();
  for (const [, name, value] of text.matchAll(CUSTOM_PROPERTY)) {
    const names = reads.get(name) ?? [];
    for (const read of namesReadBy(value)) names.push(read);
    reads.set(name, names);
  }
  const used = new Set([...text.matchAll(IMAGE_DECLARATION)].flatMap((match) => namesReadBy(match[2])));
  // A Set's iteration reaches what is added during it, and adds each name once: chains are followed, cycles end.
  for (const name of used) for (const read of reads.get(name) ?? []) used.add(read);
  return [...used];
}

const namesReadBy = (value: string): string[] => [...value.matchAll(VAR_REFERENCE)].map((reference) => reference[1]);

/** How many var() levels are followed: a chain ends within it, a cycle (`--a: var(--b); --b: var(--a)`) names nothing. */
const MAX_VAR_DEPTH = 8;
/** Beyond the longest data: URI kept: `--b: var(--a) var(--a)` doubles a value per level. */
const MAX_RESOLVED_LENGTH = 1_000_000;

/**
 * `value` with its var() references replaced by the properties' values, or their fallbacks, level by level; a
 * property given several pictures stands for all of them, as a list. A value var() grows past MAX_RESOLVED_LENGTH
 * is invalid, as browsers treat it, and names nothing.
 */
export function resolveCustomProperties(value: string, customProperties: CustomProperties): string {
  let resolved = value;
  for (let depth = 0; depth < MAX_VAR_DEPTH && resolved.includes('var('); depth += 1) {
    let length = resolved.length;
    resolved = resolved.replace(VAR_REFERENCE, (reference, name: string, fallback?: string) => {
      const substitute = customProperties.get(name)?.join(', ') ?? fallback ?? '';
      length += substitute.length - reference.length;
      // Stop building once too long: one level can already multiply the value's length.
      return length > MAX_RESOLVED_LENGTH ? '' : substitute;
    });
    if (length > MAX_RESOLVED_LENGTH) return '';
  }
  return resolved;
}

/**
 * Every picture a stylesheet (or a style attribute) names, in source order; @font-face sources excluded. With
 * `customProperties`, `background-image: var(--hero)` names the picture `--hero` holds, directly or through other
 * properties (`--hero: var(--photo)`); a custom property no image declaration uses names none (design tokens for
 * other pages).
 */
export function imagesInCssText(css: string, customProperties?: CustomProperties): CssImage[] {
  const text = withoutComments(css).replace(/@font-face\s*{[^}]*}/gi, '');
  return inForce(text, [...text.matchAll(IMAGE_DECLARATION)]).flatMap((match) =>
    imagesInCssValue(customProperties ? resolveCustomProperties(match[2], customProperties) : match[2]),
  );
}

/**
 * Of the declarations one block gives a property, the one the browser uses: the last, or the last `!important`
 * one. `background: url(a.png); background-image: image-set(…)` (a fallback, then the retina set) names only the
 * set. `background` sets `background-image` too, and so on for the other shorthands.
 */
function inForce(text: string, declarations: RegExpExecArray[]): RegExpExecArray[] {
  const kept: RegExpExecArray[] = [];
  let block = new Map<string, RegExpExecArray>();
  let previousEnd = 0;
  for (const declaration of declarations) {
    // A brace between two declarations: they belong to different blocks.
    if (/[{}]/.test(text.slice(previousEnd, declaration.index))) {
      kept.push(...block.values());
      block = new Map();
    }
    previousEnd = declaration.index + declaration[0].length;
    // A custom property's name is case-sensitive and no shorthand's.
    const property = declaration[1].startsWith('--')
      ? declaration[1]
      : declaration[1]
          .toLowerCase()
          .replace(/^-webkit-/, '')
          .replace(/-(?:image|source)$/, '');
    const earlier = block.get(property);
    if (!earlier || isImportant(declaration[2]) || !isImportant(earlier[2])) {
      block.delete(property);
      block.set(property, declaration);
    }
  }
  kept.push(...block.values());
  return kept.sort((a, b) => a.index - b.index);
}

const isImportant = (value: string) => /!\s*important\s*$/i.test(value);

function findImageSets(value: string): { whole: string; body: string }[] {
  return [...value.matchAll(IMAGE_SET)].map((match) => {
    const open = match.index + match[0].length - 1;
    const close = closingBracket(value, open);
    return { whole: value.slice(match.index, close + 1), body: value.slice(open + 1, close) };
  });
}

/** Candidates of an image-set(): `"a.png" 1x`, `url(b.png) 2x`, `"c.avif" type("image/avif")`; no density = 1x. */
function imageSetCandidates(body: string): { url: string; density: number; decoded: boolean }[] {
  const candidates: { url: string; density: number; decoded: boolean }[] = [];
  for (const match of body.matchAll(IMAGE_SET_CANDIDATE)) {
    const url = urlOf(match[1] ?? match[2]);
    const descriptor = /(\d*\.?\d+)(x|dppx|dpi)/.exec(match[3]);
    const density = descriptor ? Number(descriptor[1]) / (descriptor[2] === 'dpi' ? 96 : 1) : 1;
    const type = /type\(\s*["']([^"']*)["']\s*\)/i.exec(match[3])?.[1];
    if (url) candidates.push({ url, density, decoded: isDecodedType(type) });
  }
  return candidates;
}

/** The end of the string that opens at `quote` (its closing quote; escaped ones skipped), or the end of the text. */
export function stringEnd(css: string, quote: number): number {
  for (let i = quote + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === css[quote]) return i;
  }
  return css.length;
}

const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The index of the bracket closing the `(`, `[` or `{` at `open`, strings and escapes skipped; the text's length if unclosed. */
export function closingBracket(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === '\\') i++;
    else if (char === '"' || char === "'") i = stringEnd(css, i);
    else if (char === css[open]) depth++;
    else if (char === CLOSING[css[open]] && --depth === 0) return i;
  }
  return css.length;
}

function unescapeCss(text: string): string {
  return text
    .replace(/\\([0-9a-f]{1,6}\s?|.)/gi, (_all, escaped: string) =>
      /^[0-9a-f]+\s?$/i.test(escaped) ? codePointOf(parseInt(escaped, 16)) : escaped,
    )
    .trim();
}

/** CSS's rule for a hex escape: zero, a surrogate or beyond Unicode is U+FFFD (String.fromCodePoint would throw). */
function codePointOf(code: number): string {
  return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code);
}
