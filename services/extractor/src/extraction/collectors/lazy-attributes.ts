import { LAZY_SRC_ATTRIBUTES, LAZY_SRCSET_ATTRIBUTES } from '../snapshot/page-snapshot';

/** The lazy-loading attributes in force: the built-in list plus the operator's (EXTRACTOR_LAZY_ATTRIBUTES). */
export interface LazyAttributes {
  src: string[];
  srcset: string[];
}

export const LAZY_ATTRIBUTES = Symbol('LAZY_ATTRIBUTES');

/** Extra names ending in `srcset` are read as srcsets, the others as single URLs. */
export function lazyAttributes(extra: string[] = []): LazyAttributes {
  const names = extra.map((name) => name.trim().toLowerCase()).filter(Boolean);
  return {
    src: [...LAZY_SRC_ATTRIBUTES, ...names.filter((name) => !name.endsWith('srcset'))],
    srcset: [...LAZY_SRCSET_ATTRIBUTES, ...names.filter((name) => name.endsWith('srcset'))],
  };
}
