/** One image named by a CSS value: the best candidate, and the other candidates of an image-set(). */
export interface CssImage {
  url: string;
  variants: string[];
}

/** A declaration's value up to its `;` or `}`: a url() or a quoted string may hold either (`data:image/png;base64,…`). */
const declarationValue = String.raw`(?:url\(\s*(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^)"']*)\s*\)|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^;}])*`;
const URL_TOKEN = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)/gi;
const IMAGE_SET = /(?:-webkit-)?image-set\(/gi;
/** Declarations whose url()s are pictures (fonts, cursors, behaviours and imports are not). */
const IMAGE_DECLARATION = new RegExp(String.raw`(?:^|[;{\s])(background(?:-image)?|content|list-style(?:-image)?|border-image(?:-source)?|(?:-webkit-)?mask(?:-image)?)\s*:\s*(${declarationValue})`, 'gi');

/** `url(a.png), image-set("b.png" 1x, "c.png" 2x)` → a.png; c.png with b.png as a variant. */
export function imagesInCssValue(value: string): CssImage[] {
  const images: CssImage[] = [];
  let rest = value;
  for (const set of findImageSets(value)) {
    const candidates = imageSetCandidates(set.body);
    const best = candidates.reduce<(typeof candidates)[number] | undefined>((top, candidate) => (!top || candidate.density > top.density ? candidate : top), undefined);
    if (best) images.push({ url: best.url, variants: candidates.filter((candidate) => candidate !== best).map((candidate) => candidate.url) });
    rest = rest.replace(set.whole, ' ');
  }
  for (const match of rest.matchAll(URL_TOKEN)) {
    const url = unescapeCss(match[1] ?? match[2] ?? match[3] ?? '');
    if (url) images.push({ url, variants: [] });
  }
  return images;
}

/** Custom properties by name, as stylesheets and style attributes define them (the last definition wins). */
type CustomProperties = Map<string, string>;

const CUSTOM_PROPERTY = new RegExp(String.raw`(?:^|[;{\s])(--[\w-]+)\s*:\s*(${declarationValue})`, 'g');
/** `var(--name)` or `var(--name, fallback)`, the fallback holding at most one level of parentheses. */
const VAR_REFERENCE = /var\(\s*(--[\w-]+)\s*(?:,\s*((?:[^()]|\([^()]*\))*))?\)/g;

/** CSS text without its comments. */
export const withoutComments = (css: string): string => css.replace(/\/\*[\s\S]*?\*\//g, '');

/**
 * The custom properties of `css` that may hold a picture: a url(), an image-set(), or another property's value
 * (`--card: var(--photo)`). Static path: nothing computes var() there.
 */
export function customPropertiesIn(css: string): CustomProperties {
  const properties: CustomProperties = new Map();
  for (const match of withoutComments(css).matchAll(CUSTOM_PROPERTY)) if (/url\(|image-set\(|var\(\s*--/i.test(match[2])) properties.set(match[1], match[2].trim());
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
 * `value` with its var() references replaced by the properties' values, or their fallbacks, level by level. A value
 * var() grows past MAX_RESOLVED_LENGTH is invalid, as browsers treat it, and names nothing.
 */
export function resolveCustomProperties(value: string, customProperties: CustomProperties): string {
  let resolved = value;
  for (let depth = 0; depth < MAX_VAR_DEPTH && resolved.includes('var('); depth += 1) {
    let length = resolved.length;
    resolved = resolved.replace(VAR_REFERENCE, (reference, name: string, fallback?: string) => {
      const substitute = customProperties.get(name) ?? fallback ?? '';
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
  return inForce(text, [...text.matchAll(IMAGE_DECLARATION)]).flatMap((match) => imagesInCssValue(customProperties ? resolveCustomProperties(match[2], customProperties) : match[2]));
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
    const property = declaration[1].toLowerCase().replace(/^-webkit-/, '').replace(/-(?:image|source)$/, '');
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
  const sets: { whole: string; body: string }[] = [];
  for (const match of value.matchAll(IMAGE_SET)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let position = start;
    for (; position < value.length && depth > 0; position += 1) {
      if (value[position] === '(') depth += 1;
      else if (value[position] === ')') depth -= 1;
    }
    sets.push({ whole: value.slice(match.index, position), body: value.slice(start, position - 1) });
  }
  return sets;
}

/** Candidates of an image-set(): `"a.png" 1x`, `url(b.png) 2x`, `"c.avif" type("image/avif")`; no density = 1x. */
function imageSetCandidates(body: string): { url: string; density: number }[] {
  const candidates: { url: string; density: number }[] = [];
  const candidate = /(?:url\(\s*["']?([^"')]+)["']?\s*\)|"([^"]+)"|'([^']+)')([^,]*)/g;
  for (const match of body.matchAll(candidate)) {
    const url = unescapeCss(match[1] ?? match[2] ?? match[3] ?? '');
    const descriptor = /(\d*\.?\d+)(x|dppx|dpi)/.exec(match[4]);
    const density = descriptor ? Number(descriptor[1]) / (descriptor[2] === 'dpi' ? 96 : 1) : 1;
    if (url) candidates.push({ url, density });
  }
  return candidates;
}

function unescapeCss(text: string): string {
  return text.replace(/\\([0-9a-f]{1,6}\s?|.)/gi, (_all, escaped: string) => (/^[0-9a-f]+\s?$/i.test(escaped) ? codePointOf(parseInt(escaped, 16)) : escaped)).trim();
}

/** CSS's rule for a hex escape: zero, a surrogate or beyond Unicode is U+FFFD (String.fromCodePoint would throw). */
function codePointOf(code: number): string {
  return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? '\uFFFD' : String.fromCodePoint(code);
}
