// The catalogue's pages on the browser path: every source of images, sizes, kinds and stand-ins.
import type { ExtractedFile } from '@pixtract/contracts';
import {
  catalogue,
  distinct,
  EXPECTED,
  type Expected,
  extract,
  fileKinds,
  JOB_TIMEOUT_MS,
  local,
  rangeRequests,
  useCatalogueExtractor,
} from './catalogue.harness';

jest.setTimeout(30_000);
useCatalogueExtractor();

describe('every source of images (browser path), exact results', () => {
  it.each(Object.entries<Expected[]>(EXPECTED.pages))('%s', async (page, expected) => {
    const result = await extract(`/pages/catalogue/${page}`);
    expect(result.error).toBeUndefined();
    expect(distinct(result.files)).toEqual(expected);
    expect(result.totalImagesFound).toBe(expected.length);
    expect(result.files.map((file) => file.position)).toEqual(result.files.map((_file, index) => index));
  });

  it('keeps the other srcset candidates as variants of the largest', async () => {
    const [widths, densities] = (await extract('/pages/catalogue/srcset.html')).files;
    // Largest first, each with the size its w descriptor gives (the height in the file's ratio).
    expect(widths.variants?.map(({ fileUrl, width, height }) => [local(fileUrl), width, height])).toEqual([
      ['/images/800x600.png?c=110000', 800, 600],
      ['/images/400x300.png?c=110000', 400, 300],
    ]);
    expect(densities.variants?.map(({ fileUrl }) => local(fileUrl))).toEqual([
      '/images/150x100.png?c=220000',
      '/images/300x200.png?c=220000',
    ]);
    expect(widths).toMatchObject({ mimeType: 'image/png', extension: 'png', alt: 'Widths' });
    expect(widths.size).toBeGreaterThan(0);
    expect(widths.box).toEqual({ x: expect.any(Number), y: expect.any(Number), width: 400, height: 300 });
  });

  it('takes the largest image-set() candidate and keeps the other', async () => {
    const dense = (await extract('/pages/catalogue/css.html')).files.find((file) => file.fileUrl.includes('c=660006'));
    expect(dense?.variants?.map(({ fileUrl }) => local(fileUrl))).toEqual(['/images/400x100.png?c=660006']);
  });

  it('exports an inline <svg> drawing as a standalone SVG file', async () => {
    const svg = (await extract('/pages/catalogue/svg.html')).files.find((file) => file.sourceNode === 'inline-svg');
    expect(svg).toMatchObject({ width: 64, height: 32, mimeType: 'image/svg+xml', extension: 'svg' });
    expect(Buffer.from(svg!.fileUrl.split(',')[1], 'base64').toString()).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<rect/,
    );
  });

  it.each(Object.entries<Expected[]>(EXPECTED.anyOrder))('%s (order of arrival aside)', async (page, expected) => {
    const result = await extract(`/pages/catalogue/${page}`);
    expect(distinct(result.files).sort()).toEqual(expected);
  });

  it('says how many sizes could not be read in time, and keeps those images', async () => {
    const result = await extract('/pages/slow-image.html', 'static');
    expect(result.files.map((file) => [file.alt, file.width])).toEqual([
      ['Quick', 300],
      ['Slow', undefined],
    ]);
    expect(result.warningDetails).toEqual([{ code: 'IMAGES_UNMEASURED', values: { count: 1 } }]);
    expect(result.warnings).toEqual(['The size of 1 image could not be read in time.']);
  }, 15_000);

  it('follows a feed whose batches take longer than a scroll step waits', async () => {
    const result = await extract('/pages/slow-feed.html');
    expect(result.files.map((file) => file.alt)).toEqual([
      'Slow batch 0',
      'Slow batch 0',
      'Slow batch 1',
      'Slow batch 1',
      'Slow batch 2',
      'Slow batch 2',
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('follows infinite scroll to the last batch without a warning', async () => {
    const result = await extract('/pages/catalogue/infinite.html');
    expect(result.warnings).toEqual([]);
    expect(result.warningDetails).toEqual([]);
  });

  it('keeps every occurrence of an image and flags the repeats, same bytes under another URL included', async () => {
    const { files, totalImagesFound } = await extract('/pages/catalogue/duplicates.html');
    expect(files.map((file) => [file.alt, file.duplicate])).toEqual([
      ['First', false],
      ['Fragment', true],
      ['Relative', true],
      ['Percent-encoded', true],
      ['Other', false],
      ['Same bytes, other URL', true],
    ]);
    expect(totalImagesFound).toBe(2);
  });

  it('measures images the browser did not load with a Range request, not a download', async () => {
    rangeRequests.length = 0;
    await extract('/pages/catalogue/amp.html');
    expect(rangeRequests).toEqual(
      expect.arrayContaining([
        '/images/720x480.png?c=bb0001 bytes=0-65535',
        '/images/1080x720.png?c=bb0002 bytes=0-65535',
      ]),
    );
  });

  it('measures a picture the browser is still receiving by a Range request, not by waiting for its copy', async () => {
    const result = await extract('/pages/drip.html');
    expect(result.error).toBeUndefined();
    expect(result.warnings).toEqual([]);
    // Waiting for the browser's copy lasts until the job's time limit (20 s here) closes the page: a hang, not a speed.
    expect(result.performanceInfo.timeMs).toBeLessThan(JOB_TIMEOUT_MS);
    expect(result.files.map((file) => [local(file.fileUrl), file.width, file.height])).toEqual([
      ['/drip/photo.png', 640, 480],
    ]);
  });

  it('blocks fonts and media in the browser', async () => {
    await extract('/pages/catalogue/css.html');
    await extract('/pages/catalogue/media.html');
    expect(catalogue.fixture.requests.filter((path) => /icons\.woff2|clip\.mp4/.test(path))).toEqual([]);
  });

  it("applies the request's fileTypes", async () => {
    const result = await extract('/pages/catalogue/svg.html', 'browser', ['svg']);
    const svgFiles = EXPECTED.pages['svg.html'].filter(([url]) => !url.includes('.png'));
    expect(result.files.map((file) => file.extension)).toEqual(svgFiles.map(() => 'svg'));
  });
});

describe('every size of a picture is one file, the others its variants (issues 19.1, 17.7)', () => {
  /** A file's variants as [path, width, height], largest first. */
  const variantsOf = (file: ExtractedFile | undefined) =>
    file?.variants?.map(({ fileUrl, width, height }) => [local(fileUrl), width, height]);
  const fileAt = (files: ExtractedFile[], path: string) =>
    files.find((file) => !file.duplicate && local(file.fileUrl) === path);

  it.each(['browser', 'static'] as const)(
    'favicons, a wiki thumbnail beside its file, WordPress sizes, a linked thumbnail, a srcset and a <picture> (%s)',
    async (mode) => {
      const { files } = await extract('/pages/catalogue/renditions.html', mode);
      expect(variantsOf(fileAt(files, '/images/192x192.png?c=ea0003'))).toEqual([
        ['/images/180x180.png?c=ea0002', 180, 180],
        ['/images/32x32.png?c=ea0001', 32, 32],
      ]);
      expect(variantsOf(fileAt(files, '/wiki/a/ab/Bridge.png'))).toEqual([
        ['/wiki/thumb/a/ab/Bridge.png/125px-Bridge.png', 125, 83],
        ['/wiki/thumb/a/ab/Bridge.png/32px-Bridge.png', 32, 21],
      ]);
      expect(variantsOf(fileAt(files, '/wp-content/uploads/2024/06/harbour.png?w=640'))).toEqual([
        ['/wp-content/uploads/2024/06/harbour-300x188.png', 300, 188],
      ]);
      expect(variantsOf(fileAt(files, '/images/1600x1200.png?c=ea0010'))).toEqual([
        ['/images/160x120.png?c=ea0011', 160, 120],
      ]);
      expect(variantsOf(fileAt(files, '/images/1200x900.png?c=ea0022'))).toEqual([
        ['/images/800x600.png?c=ea0021', 800, 600],
        ['/images/400x300.png?c=ea0020', 400, 300],
      ]);
      expect(variantsOf(fileAt(files, '/images/900x600.png?c=ea0030&f=webp'))).toEqual([
        ['/images/450x300.png?c=ea0031&f=webp', 450, 300],
        ['/images/450x300.png?c=ea0032', 450, 300],
      ]);
    },
  );

  it('never loses a rendition the page shows: each is a file or a variant of one', async () => {
    const { files } = await extract('/pages/catalogue/renditions.html');
    const offered = new Set(
      files
        .filter((file) => !file.duplicate)
        .flatMap((file) => [file.fileUrl, ...(file.variants ?? []).map((variant) => variant.fileUrl)])
        .map(local),
    );
    for (const file of files) expect(offered).toContain(local(file.fileUrl));
  });
});

describe('what each picture is (issues 19.3, 17.8)', () => {
  it.each(['browser', 'static'] as const)(
    'icons, graphics and photos; a sprite sheet is no image (%s)',
    async (mode) => {
      const { files } = await extract('/pages/catalogue/kinds.html', mode);
      expect(files.filter((file) => !file.duplicate).map((file) => [local(file.fileUrl), file.kind])).toEqual([
        ['/images/48x48.png?c=eb0001', 'icon'],
        ['/images/240x80.png?c=eb0002', 'graphic'],
        ['data:image/svg+xml;base64', 'icon'],
        ['/images/24x24.png?c=eb0003', 'icon'],
        ['/images/1200x800.png?c=eb0004', 'photo'],
        ['/pages/catalogue/diagram.svg', 'graphic'],
        ['data:image/svg+xml;base64', 'graphic'],
        ['/counter/88x31/entry.html', 'graphic'],
      ]);
    },
  );

  it('gives every file a kind, repeats and renditions included', async () => {
    const { files } = await extract('/pages/catalogue/renditions.html');
    expect(files.filter((file) => file.kind === undefined)).toEqual([]);
    expect(fileKinds(files)).toEqual(
      expect.objectContaining({ '/images/192x192.png?c=ea0003': 'icon', '/wiki/a/ab/Bridge.png': 'photo' }),
    );
  });
});

describe('a picture is what the browser decoded, not what its address looks like (issue 19.2)', () => {
  it.each(['browser', 'static'] as const)(
    'an <img> named like a page that answers a picture is one; one that answers a page is not (%s)',
    async (mode) => {
      const { files } = await extract('/pages/catalogue/kinds.html', mode);
      expect(files.find((file) => local(file.fileUrl) === '/counter/88x31/entry.html')).toMatchObject({
        width: 88,
        height: 31,
        mimeType: 'image/png',
        duplicate: false,
      });
      expect(files.map((file) => local(file.fileUrl))).not.toContain('/pages/catalogue/renditions.html');
    },
  );
});

describe('stand-ins shown until late content arrives (issue 19.4)', () => {
  it('leaves out a loading spinner the page took away when its content came', async () => {
    const { files } = await extract('/pages/catalogue/late.html');
    expect(files.map((file) => local(file.fileUrl))).toEqual(['/images/640x400.png?c=ec0001']);
  });
});
