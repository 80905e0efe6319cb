/** What SVG markup shows, read from its text: inline `<svg>` elements and `data:image/svg+xml` files alike. */

/** Shapes that paint where they stand (an `<image>` draws its file: another image's drawing). */
const SHAPES = /<(?:path|circle|rect|ellipse|line|polyline|polygon|text)\b([^>]*)>/gi;
const IMAGES = /<image\b([^>]*)>/gi;
/** A `<use>` draws a definition of the markup (a sprite's symbol) where it stands; one of another file is that file's. */
const USES = /<use\b([^>]*)>/gi;
/** Definitions drawn only where something <use>s them: a sprite sheet of <symbol>s shows nothing itself. */
const DEFINITIONS = /<(symbol|defs|clipPath|mask|pattern|marker)\b[\s\S]*?<\/\1\s*>/gi;
const FILTERS = /<filter\b([^>]*)>([\s\S]*?)<\/filter\s*>/gi;
/**
 * A shape filled with nothing (`fill="transparent"`, `fill-opacity="0"`: Avada's lazy placeholder) paints only a
 * stroke, its own or one it inherits; one at `opacity: 0` paints nothing at all.
 */
const NO_FILL =
  /(?<![\w-])(fill\s*[:=]\s*["']?\s*(none|transparent)\b|(fill-)?opacity\s*[:=]\s*["']?\s*(0+(\.0*)?|\.0+)(?![\d.%]))/i;
const STROKE = /(?<![\w-])stroke\s*[:=]\s*["']?\s*(?!none\b|transparent\b)[^\s"';]/i;
/**
 * A class or id naming a placeholder (Shopify's `placeholder-svg`, `placeholder-svg--small`,
 * `product-card__placeholder`), not one merely mentioning it (`no-placeholder-icon`).
 */
const PLACEHOLDER_NAME = /^([\w-]*[-_])?placeholder([-_](svg|image|img))?(--[\w-]+)?$/i;

/**
 * Whether the markup draws something where it stands: its root neither hidden nor sized to nothing, and a painted
 * shape outside its definitions. `withPictures`: an `<image>` counts too (a standalone file shows its pictures; an
 * inline SVG's are found on their own), unless blurred: a blur-up preview of a picture still loading (Next.js).
 */
export function drawsSomething(markup: string, withPictures = false): boolean {
  const root = /<svg\b[^>]*>/i.exec(markup)?.[0];
  if (!root || hidden(root)) return false;
  const drawing = markup.replace(DEFINITIONS, '');
  return (
    paints(drawing) ||
    usesDrawnDefinition(drawing, markup) ||
    (withPictures && [...drawing.matchAll(IMAGES)].some(([, image]) => !blurred(image, markup)))
  );
}

/** A painted shape: filled, or stroked (its own stroke or one it inherits). */
function paints(drawing: string): boolean {
  const stroked = STROKE.test(drawing);
  return [...drawing.matchAll(SHAPES)].some(([, shape]) => stroked || !NO_FILL.test(shape));
}

/** A `<use href="#id">` of a definition in the markup that paints (an icon drawn from the page's symbol sheet). */
function usesDrawnDefinition(drawing: string, markup: string): boolean {
  const ids = [...drawing.matchAll(USES)].flatMap(
    ([, use]) => /^\s*#(\S+)/.exec(attribute(use, 'href') ?? attribute(use, 'xlink:href') ?? '')?.[1] ?? [],
  );
  if (ids.length === 0) return false;
  return [...markup.matchAll(DEFINITIONS)].some(([definition]) => {
    const opening = /^<[^>]*>/.exec(definition)![0];
    const inner = definition.slice(opening.length);
    // The definition itself (<symbol id>), or one inside it (a <defs> of <symbol id>s, <g id>s, shapes with an id).
    const named = (id: string) =>
      attribute(opening, 'id') === id || new RegExp(`\\sid\\s*=\\s*["']${escapeRegExp(id)}["']`).test(inner);
    return ids.some(named) && paints(inner);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether the root's class or id names it a placeholder: a drawing shown for a missing picture (Shopify's themes). */
export function namesPlaceholder(markup: string): boolean {
  const root = /<svg\b[^>]*>/i.exec(markup)?.[0] ?? '';
  return [...(attribute(root, 'class') ?? '').split(/\s+/), attribute(root, 'id') ?? ''].some((name) =>
    PLACEHOLDER_NAME.test(name),
  );
}

/** Hidden, or a side of zero, by its own attributes. */
function hidden(tag: string): boolean {
  return (
    /\shidden(?=[\s=/>])/i.test(tag) ||
    /display\s*:\s*none|visibility\s*:\s*hidden/i.test(attribute(tag, 'style') ?? '') ||
    attribute(tag, 'width')?.trim() === '0' ||
    attribute(tag, 'height')?.trim() === '0'
  );
}

/** Filtered by a CSS `blur()` or by an SVG filter with an `<feGaussianBlur>`. */
function blurred(image: string, markup: string): boolean {
  if (/(?<![\w-])filter\s*:[^;"']*blur\(/i.test(image)) return true;
  const id = /(?<![\w-])filter\s*[:=][^;>]*?url\(\s*["']?#([^"')\s]+)/i.exec(image)?.[1];
  return (
    id !== undefined &&
    [...markup.matchAll(FILTERS)].some(
      ([, tag, content]) => attribute(tag, 'id') === id && /<feGaussianBlur\b/i.test(content),
    )
  );
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}
