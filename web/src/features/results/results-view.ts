import type { ExtractedFile, ImageKind } from '@pixtract/contracts';

/** The seed's results page size. */
export const RESULTS_PAGE_SIZE = 48;

/**
 * No Date order: every image of an extraction is found in the same pass and carries the same time, so the order in
 * which they were found is Position.
 */
export const SORT_ORDERS = ['default', 'size', 'position'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A file of a crawl also says the pages it was found on; a single page's files do not need to. */
export type GalleryFile = ExtractedFile & { pageUrls?: string[] };

export interface ResultOptions {
  sort: SortOrder;
  /** A crawl's Page filter: the page whose images are shown, or '' for all pages. */
  page: string;
  /** Duplicates are hidden by default. */
  showDuplicates: boolean;
  minWidth: number;
  minHeight: number;
  /** A file type from `fileTypeOf`, or '' for all. */
  fileType: string;
  /** The kinds shown: icons are hidden by default. */
  kinds: readonly ImageKind[];
}

export const IMAGE_KINDS: readonly ImageKind[] = ['photo', 'graphic', 'icon'];

export const DEFAULT_RESULT_OPTIONS: ResultOptions = {
  sort: 'default',
  page: '',
  showDuplicates: false,
  minWidth: 0,
  minHeight: 0,
  fileType: '',
  kinds: ['photo', 'graphic'],
};

/** How many of the options differ from the defaults: the number the phone's Filters button shows. */
export function activeFilterCount(options: ResultOptions): number {
  const sameKinds =
    options.kinds.length === DEFAULT_RESULT_OPTIONS.kinds.length &&
    DEFAULT_RESULT_OPTIONS.kinds.every((kind) => options.kinds.includes(kind));
  return [
    options.sort !== DEFAULT_RESULT_OPTIONS.sort,
    options.showDuplicates !== DEFAULT_RESULT_OPTIONS.showDuplicates,
    options.minWidth > 0,
    options.minHeight > 0,
    options.fileType !== '',
    options.page !== '',
    !sameKinds,
  ].filter(Boolean).length;
}

/** Results stored before files had a kind count as photos. */
export const kindOf = (file: ExtractedFile): ImageKind => file.kind ?? 'photo';

/** A file with its place in the extraction's own list: the identity that selection and tiles key on. */
export interface ResultItem {
  file: GalleryFile;
  index: number;
}

const TYPE_ALIASES: Record<string, string> = {
  jpeg: 'jpg',
  'svg+xml': 'svg',
  'x-icon': 'ico',
  'vnd.microsoft.icon': 'ico',
};

/** The file's type as one short word (png, jpg, svg…), from its extension, MIME type or URL; '' when unknown. */
export function fileTypeOf(file: ExtractedFile): string {
  const fromUrl = () => {
    try {
      return /\.([a-z0-9]{2,5})$/i.exec(new URL(file.fileUrl).pathname)?.[1];
    } catch {
      return undefined;
    }
  };
  const raw = (file.extension ?? file.mimeType?.split('/')[1] ?? fromUrl() ?? '').toLowerCase().replace(/^\./, '');
  return TYPE_ALIASES[raw] ?? raw;
}

const area = (file: ExtractedFile) => (file.width ?? 0) * (file.height ?? 0);

const comparators: Record<Exclude<SortOrder, 'default'>, (a: ResultItem, b: ResultItem) => number> = {
  // Largest first by pixels, then by bytes; unmeasured images last.
  size: (a, b) => area(b.file) - area(a.file) || (b.file.size ?? 0) - (a.file.size ?? 0),
  position: (a, b) => (a.file.position ?? a.index) - (b.file.position ?? b.index),
};

/** Every filter but the kind one: the images a kind filter chooses from. */
function filteredItems(files: GalleryFile[], options: ResultOptions): ResultItem[] {
  return files
    .map((file, index) => ({ file, index }))
    .filter(({ file }) => !options.page || (file.pageUrls?.includes(options.page) ?? false))
    .filter(({ file }) => options.showDuplicates || !file.duplicate)
    .filter(({ file }) => (file.width ?? 0) >= options.minWidth && (file.height ?? 0) >= options.minHeight)
    .filter(({ file }) => !options.fileType || fileTypeOf(file) === options.fileType);
}

/** The files the grid shows, in order: duplicates and filtered-out ones removed, then sorted (stable). */
export function visibleItems(files: GalleryFile[], options: ResultOptions): ResultItem[] {
  const items = filteredItems(files, options).filter(({ file }) => options.kinds.includes(kindOf(file)));
  if (options.sort === 'default') return items;
  const compare = comparators[options.sort];
  return items.sort((a, b) => compare(a, b) || a.index - b.index);
}

/** How many images each hidden kind keeps out of the grid (the other filters applied): "12 icons hidden". */
export function hiddenByKind(files: GalleryFile[], options: ResultOptions): Partial<Record<ImageKind, number>> {
  const hidden: Partial<Record<ImageKind, number>> = {};
  for (const { file } of filteredItems(files, options)) {
    const kind = kindOf(file);
    if (!options.kinds.includes(kind)) hidden[kind] = (hidden[kind] ?? 0) + 1;
  }
  return hidden;
}

/** The file types present, for the type filter. */
export const fileTypesIn = (files: ExtractedFile[]): string[] =>
  [...new Set(files.map(fileTypeOf).filter(Boolean))].sort();

export const pageCount = (items: number): number => Math.max(1, Math.ceil(items / RESULTS_PAGE_SIZE));

/** 1-based page `page` of `items`. */
export const pageOf = <T>(items: T[], page: number): T[] =>
  items.slice((page - 1) * RESULTS_PAGE_SIZE, page * RESULTS_PAGE_SIZE);
