export interface SrcsetCandidate {
  url: string;
  /** `400w`: the image's intrinsic width in pixels. */
  width?: number;
  /** `2x`: pixel density; a candidate without descriptor is 1x. */
  density?: number;
}

const WHITESPACE = /[\t\n\f\r ]/;

/**
 * The HTML standard's srcset parsing: URLs may contain commas (only a trailing one ends the URL), descriptors
 * may contain parenthesised commas, and a candidate with an invalid or contradictory descriptor is dropped.
 */
export function parseSrcset(srcset: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let position = 0;
  while (position < srcset.length) {
    while (position < srcset.length && (WHITESPACE.test(srcset[position]) || srcset[position] === ',')) position += 1;
    if (position >= srcset.length) break;
    const urlStart = position;
    while (position < srcset.length && !WHITESPACE.test(srcset[position])) position += 1;
    let url = srcset.slice(urlStart, position);
    let descriptors: string[] = [];
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const tokenized = tokenizeDescriptors(srcset, position);
      descriptors = tokenized.descriptors;
      position = tokenized.end;
    }
    const candidate = withDescriptors(url, descriptors);
    if (candidate) candidates.push(candidate);
  }
  return candidates;
}

/** Reads descriptors up to the comma that ends this candidate (commas inside parentheses do not count). */
function tokenizeDescriptors(srcset: string, start: number): { descriptors: string[]; end: number } {
  const descriptors: string[] = [];
  let current = '';
  let depth = 0;
  let position = start;
  const flush = () => {
    if (current) descriptors.push(current);
    current = '';
  };
  for (; position < srcset.length; position += 1) {
    const char = srcset[position];
    if (depth > 0) {
      current += char;
      if (char === ')') depth -= 1;
    } else if (char === ',') {
      position += 1;
      break;
    } else if (WHITESPACE.test(char)) {
      flush();
    } else {
      current += char;
      if (char === '(') depth += 1;
    }
  }
  flush();
  return { descriptors, end: position };
}

const WIDTH = /^(\d+)w$/;
const DENSITY = /^(\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?x$/i;
const HEIGHT = /^\d+h$/;

function withDescriptors(url: string, descriptors: string[]): SrcsetCandidate | undefined {
  if (!url) return undefined;
  const candidate: SrcsetCandidate = { url };
  for (const descriptor of descriptors) {
    const width = WIDTH.exec(descriptor);
    if (width && candidate.width === undefined && candidate.density === undefined && Number(width[1]) > 0) {
      candidate.width = Number(width[1]);
    } else if (DENSITY.test(descriptor) && candidate.width === undefined && candidate.density === undefined) {
      const density = Number(descriptor.slice(0, -1));
      if (!(density > 0)) return undefined;
      candidate.density = density;
    } else if (!HEIGHT.test(descriptor)) {
      // Unknown, repeated or mixed w/x descriptors make the candidate invalid.
      return undefined;
    }
  }
  return candidate;
}

/**
 * The candidate with the most pixels on offer: the widest `w` candidate when the set uses widths, else the
 * highest density (no descriptor = 1x). The first candidate wins a tie, as it does in the browser.
 */
export function largestCandidate(candidates: SrcsetCandidate[]): SrcsetCandidate | undefined {
  const byWidth = candidates.filter((candidate) => candidate.width !== undefined);
  const pool = byWidth.length > 0 ? byWidth : candidates;
  const size = (candidate: SrcsetCandidate) => (byWidth.length > 0 ? candidate.width! : (candidate.density ?? 1));
  return pool.reduce<SrcsetCandidate | undefined>(
    (best, candidate) => (!best || size(candidate) > size(best) ? candidate : best),
    undefined,
  );
}

/** The width each candidate declares (`800w`), by its URL as written: its variant's size, known without a request. */
export function candidateWidths(candidates: SrcsetCandidate[]): Record<string, number> {
  return Object.fromEntries(
    candidates.flatMap((candidate) => (candidate.width === undefined ? [] : [[candidate.url, candidate.width]])),
  );
}
