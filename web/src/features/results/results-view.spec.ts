import type { ExtractedFile } from '@pixtract/contracts';
import {
  activeFilterCount,
  DEFAULT_RESULT_OPTIONS,
  fileTypeOf,
  fileTypesIn,
  hiddenByKind,
  pageCount,
  pageOf,
  RESULTS_PAGE_SIZE,
  SORT_ORDERS,
  visibleItems,
  type GalleryFile,
  type ResultOptions,
} from './results-view';

const file = (name: string, fields: Partial<GalleryFile> = {}): GalleryFile => ({
  fileUrl: `https://example.com/${name}`,
  ...fields,
});

const files: ExtractedFile[] = [
  file('small.png', { width: 10, height: 10, position: 2, extractedTime: '2026-01-01T00:00:02Z' }),
  file('big.jpg', { width: 800, height: 600, position: 0, extractedTime: '2026-01-01T00:00:01Z' }),
  file('big.jpg', { width: 800, height: 600, position: 3, duplicate: true }),
  file('unknown.svg', { position: 1, extractedTime: '2026-01-01T00:00:03Z' }),
];

const names = (options: Partial<ResultOptions>) =>
  visibleItems(files, { ...DEFAULT_RESULT_OPTIONS, ...options }).map(
    ({ file: { fileUrl }, index }) => `${fileUrl.split('/').pop()}#${index}`,
  );

describe('visibleItems', () => {
  it('hides duplicates by default and keeps the extraction order', () => {
    expect(names({})).toEqual(['small.png#0', 'big.jpg#1', 'unknown.svg#3']);
  });

  it('shows duplicates when asked', () => {
    expect(names({ showDuplicates: true })).toEqual(['small.png#0', 'big.jpg#1', 'big.jpg#2', 'unknown.svg#3']);
  });

  it('sorts by size largest first, unmeasured last', () => {
    expect(names({ sort: 'size' })).toEqual(['big.jpg#1', 'small.png#0', 'unknown.svg#3']);
  });

  it('sorts by position as on the page', () => {
    expect(names({ sort: 'position', showDuplicates: true })).toEqual([
      'big.jpg#1',
      'unknown.svg#3',
      'small.png#0',
      'big.jpg#2',
    ]);
  });

  it('offers no Date order: the order images were found in is Position', () => {
    expect(SORT_ORDERS).toEqual(['default', 'size', 'position']);
  });

  it('filters by minimum width, height and type', () => {
    expect(names({ minWidth: 100 })).toEqual(['big.jpg#1']);
    expect(names({ minHeight: 10 })).toEqual(['small.png#0', 'big.jpg#1']);
    expect(names({ fileType: 'svg' })).toEqual(['unknown.svg#3']);
  });
});

describe('the page filter of a crawl', () => {
  const crawled: GalleryFile[] = [
    file('logo.png', { pageUrls: ['https://example.com/', 'https://example.com/page/2'] }),
    file('first.jpg', { pageUrls: ['https://example.com/'] }),
    file('second.jpg', { pageUrls: ['https://example.com/page/2'] }),
  ];
  const onPage = (page: string) =>
    visibleItems(crawled, { ...DEFAULT_RESULT_OPTIONS, page }).map(({ file: { fileUrl }, index }) => [
      fileUrl.split('/').pop(),
      index,
    ]);

  it('shows every page by default', () => {
    expect(onPage('')).toEqual([
      ['logo.png', 0],
      ['first.jpg', 1],
      ['second.jpg', 2],
    ]);
  });

  it('keeps the images found on the chosen page, a picture on several pages on each of them', () => {
    expect(onPage('https://example.com/page/2')).toEqual([
      ['logo.png', 0],
      ['second.jpg', 2],
    ]);
    expect(onPage('https://example.com/')).toEqual([
      ['logo.png', 0],
      ['first.jpg', 1],
    ]);
  });
});

describe('the kind filter', () => {
  const kinds: ExtractedFile[] = [
    file('photo.jpg', { kind: 'photo' }),
    file('logo.svg', { kind: 'graphic' }),
    file('menu.svg', { kind: 'icon' }),
    file('old.jpg'),
    file('close.png', { kind: 'icon' }),
    file('close.png', { kind: 'icon', duplicate: true }),
  ];
  const shown = (options: Partial<ResultOptions>) =>
    visibleItems(kinds, { ...DEFAULT_RESULT_OPTIONS, ...options }).map(({ file: { fileUrl } }) =>
      fileUrl.split('/').pop(),
    );

  it('hides icons by default and counts a file without a kind (stored before kinds) as a photo', () => {
    expect(shown({})).toEqual(['photo.jpg', 'logo.svg', 'old.jpg']);
    expect(shown({ kinds: ['photo'] })).toEqual(['photo.jpg', 'old.jpg']);
    expect(shown({ kinds: ['photo', 'graphic', 'icon'] })).toEqual([
      'photo.jpg',
      'logo.svg',
      'menu.svg',
      'old.jpg',
      'close.png',
    ]);
  });

  it('says how many images each hidden kind keeps out, after the other filters', () => {
    expect(hiddenByKind(kinds, DEFAULT_RESULT_OPTIONS)).toEqual({ icon: 2 });
    expect(hiddenByKind(kinds, { ...DEFAULT_RESULT_OPTIONS, showDuplicates: true })).toEqual({ icon: 3 });
    expect(hiddenByKind(kinds, { ...DEFAULT_RESULT_OPTIONS, kinds: ['icon'] })).toEqual({ photo: 2, graphic: 1 });
    expect(hiddenByKind(kinds, { ...DEFAULT_RESULT_OPTIONS, fileType: 'svg' })).toEqual({ icon: 1 });
  });
});

describe('file types', () => {
  it('reads the extension, the MIME type or the URL, with jpeg as jpg', () => {
    expect(fileTypeOf(file('a', { extension: 'JPEG' }))).toBe('jpg');
    expect(fileTypeOf(file('a', { mimeType: 'image/svg+xml' }))).toBe('svg');
    expect(fileTypeOf(file('photo.webp?x=1'))).toBe('webp');
    expect(fileTypeOf(file('no-extension'))).toBe('');
    expect(fileTypesIn(files)).toEqual(['jpg', 'png', 'svg']);
  });
});

describe('pages of 48', () => {
  const many = Array.from({ length: 120 }, (_, index) => index);

  it('counts and slices pages', () => {
    expect(pageCount(120)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(many, 1)).toHaveLength(RESULTS_PAGE_SIZE);
    expect(pageOf(many, 3)).toEqual(many.slice(96));
  });
});

describe('activeFilterCount', () => {
  it('counts the options that differ from the defaults', () => {
    expect(activeFilterCount(DEFAULT_RESULT_OPTIONS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_RESULT_OPTIONS, kinds: ['graphic', 'photo'] })).toBe(0);
    expect(
      activeFilterCount({
        ...DEFAULT_RESULT_OPTIONS,
        sort: 'size',
        showDuplicates: true,
        minWidth: 100,
        minHeight: 50,
        fileType: 'png',
        kinds: ['photo'],
      }),
    ).toBe(6);
  });
});
