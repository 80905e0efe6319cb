/**
 * Media queries answered for the screen the browser path renders on (browser-pool.service: a 1366×900 viewport,
 * light colours, a mouse), so the static path keeps the @media rules the browser would apply and drops the phone
 * layout's, the print sheet's and the dark theme's pictures — the browser path never reports those. Two answers are
 * deliberately generous: resolution queries match (the @2x picture is the sharper copy, which a person wants), and
 * anything not understood matches, rather than lose a picture.
 */
const SCREEN: Record<string, number | string> = {
  width: 1366,
  height: 900,
  'device-width': 1366,
  'device-height': 900,
  'aspect-ratio': 1366 / 900,
  'device-aspect-ratio': 1366 / 900,
  orientation: 'landscape',
  'prefers-color-scheme': 'light',
  'prefers-reduced-motion': 'no-preference',
  'prefers-reduced-transparency': 'no-preference',
  'prefers-contrast': 'no-preference',
  'forced-colors': 'none',
  'inverted-colors': 'none',
  hover: 'hover',
  'any-hover': 'hover',
  pointer: 'fine',
  'any-pointer': 'fine',
  'display-mode': 'browser',
  scripting: 'enabled',
  update: 'fast',
  color: 8,
  'color-index': 0,
  monochrome: 0,
  grid: 0,
};
/** Queried by sharper screens: always answered yes (see above). */
const RESOLUTION = /(?:resolution|device-pixel-ratio)$/;
const MEDIA_TYPES_SHOWN = new Set(['all', 'screen']);
const PX_PER_UNIT: Record<string, number> = {
  px: 1,
  em: 16,
  rem: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
  pt: 96 / 72,
  pc: 16,
  vw: 13.66,
  vh: 9,
  vmin: 9,
  vmax: 13.66,
};

/** Real media queries are a few dozen characters; a longer one is a hostile page's, read as not understood. */
const MAX_QUERY_LENGTH = 1_000;

/** Does this media query list (`screen and (max-width: 600px), print`) apply to the rendered screen? */
export function mediaApplies(list: string): boolean {
  if (list.length > MAX_QUERY_LENGTH) return true;
  const queries = splitTopLevel(list.trim().toLowerCase(), ',');
  if (queries.length === 0 || (queries.length === 1 && queries[0] === '')) return true;
  return queries.some((query) => queryApplies(query.trim()));
}

function queryApplies(query: string): boolean {
  // `not screen and (…)` negates the whole query; `only` is for old browsers.
  const typed = /^(?:(not|only)\s+)?([a-z-]+)(?:\s+and\s+([\s\S]*))?$/.exec(query);
  if (typed && typed[2] !== 'not' && typed[2] !== 'only') {
    const applies = MEDIA_TYPES_SHOWN.has(typed[2]) && (typed[3] === undefined || conditionApplies(typed[3]));
    return typed[1] === 'not' ? !applies : applies;
  }
  return conditionApplies(query);
}

/** `(a) and (b)`, `(a) or (b)`, `not (a)`, nested: level 4 conditions. */
function conditionApplies(condition: string): boolean {
  const text = condition.trim();
  if (text.startsWith('not ')) return !conditionApplies(text.slice(4));
  const parts = splitKeywords(text);
  if (!parts) return true;
  const { operands, operator } = parts;
  const answers = operands.map((operand) => {
    const inner = operand.slice(1, -1).trim();
    return inner.startsWith('(') || inner.startsWith('not ') ? conditionApplies(inner) : featureApplies(inner);
  });
  return operator === 'or' ? answers.some(Boolean) : answers.every(Boolean);
}

/** `(a) and (b) and (c)` → its parenthesised operands and their one operator; undefined if it is not that shape. */
function splitKeywords(text: string): { operands: string[]; operator: 'and' | 'or' } | undefined {
  const operands: string[] = [];
  let operator: 'and' | 'or' | undefined;
  let position = 0;
  while (position < text.length) {
    if (text[position] !== '(') return undefined;
    const close = closingParenthesis(text, position);
    if (close < 0) return undefined;
    operands.push(text.slice(position, close + 1));
    const rest = /^\s*(?:(and|or)\s*)?/.exec(text.slice(close + 1))!;
    const word = rest[1] as 'and' | 'or' | undefined;
    position = close + 1 + rest[0].length;
    if (!word) return position >= text.length ? { operands, operator: operator ?? 'and' } : undefined;
    if (operator && operator !== word) return undefined;
    operator = word;
  }
  return undefined;
}

function featureApplies(feature: string): boolean {
  const plain = /^([a-z-]+)\s*(?::\s*(.+))?$/.exec(feature);
  if (plain) {
    const [, name, value] = plain;
    if (RESOLUTION.test(name)) return true;
    const prefix = /^(min|max)-(.+)$/.exec(name);
    const feature = prefix ? prefix[2] : name;
    const actual = SCREEN[feature];
    if (actual === undefined) return true;
    if (value === undefined) return actual !== 0 && actual !== 'none' && actual !== 'no-preference';
    if (typeof actual === 'string') return value.trim() === actual;
    const wanted = amount(value);
    if (wanted === undefined) return true;
    return prefix?.[1] === 'min' ? actual >= wanted : prefix?.[1] === 'max' ? actual <= wanted : actual === wanted;
  }
  // Range syntax: `width >= 600px`, `40rem <= width < 64rem`.
  const range = /^(?:([^<>=]+?)\s*(<=?|>=?|=)\s*)?([a-z-]+)\s*(?:(<=?|>=?|=)\s*([^<>=]+))?$/.exec(feature);
  if (!range || (range[2] === undefined && range[4] === undefined)) return true;
  const [, low, lowOperator, name, highOperator, high] = range;
  if (RESOLUTION.test(name)) return true;
  const actual = SCREEN[name];
  if (typeof actual !== 'number') return true;
  const compare = (left: number, operator: string, right: number) =>
    operator === '<'
      ? left < right
      : operator === '<='
        ? left <= right
        : operator === '>'
          ? left > right
          : operator === '>='
            ? left >= right
            : left === right;
  const lowValue = low === undefined ? undefined : amount(low);
  const highValue = high === undefined ? undefined : amount(high);
  if ((low !== undefined && lowValue === undefined) || (high !== undefined && highValue === undefined)) return true;
  return (
    (lowValue === undefined || compare(lowValue, lowOperator, actual)) &&
    (highValue === undefined || compare(actual, highOperator, highValue))
  );
}

/** A length in px, a ratio (`16/9`) or a number; undefined when not understood. */
function amount(value: string): number | undefined {
  const ratio = /^\s*([\d.]+)\s*\/\s*([\d.]+)\s*$/.exec(value);
  if (ratio) return Number(ratio[1]) / Number(ratio[2]);
  const length = /^\s*(-?[\d.]+)\s*([a-z]*)\s*$/.exec(value);
  if (!length) return undefined;
  const number = Number(length[1]);
  if (!Number.isFinite(number)) return undefined;
  if (length[2] === '') return number;
  const factor = PX_PER_UNIT[length[2]];
  return factor === undefined ? undefined : number * factor;
}

function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') depth--;
    else if (text[i] === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
