import { INestApplication } from '@nestjs/common';
import { ExtractedFile, ExtractionMode, ExtractionProgress, ExtractJobResult, SourceNode } from '@pixtract/contracts';
import { createService } from '@pixtract/service-kit';
import { FIXTURE_PAGES_DIR, FixtureServer, solidPng, startFixtureServer, uniqueQueuePrefix } from '@pixtract/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from '../src/app.module';
import { ExtractionService } from '../src/extraction/extraction.service';
import { loadExtractorConfig } from '../src/extractor.config';
import { TEST_REDIS_URL } from './extraction-queue.harness';

jest.setTimeout(30_000);

/** [path and query, how it was found, width, height] of each distinct image, in page order. */
type Expected = [string, SourceNode, number | undefined, number | undefined];
const EXPECTED = JSON.parse(readFileSync(join(FIXTURE_PAGES_DIR, 'catalogue', 'expected.json'), 'utf8')) as {
  pages: Record<string, Expected[]>;
  anyOrder: Record<string, Expected[]>;
};

const JOB_TIMEOUT_MS = 20_000;

/** Pages served from here rather than from fixture files: each a line of HTML, by path (a query string aside). */
const INLINE_PAGES: Record<string, string> = {
  '/pages/drip.html': '<img src="/drip/photo.png" alt="Slow"><script>document.title = "drip"</script>',
  '/pages/moves-on.html':
    '<img src="/images/111x111.png?c=f80001" alt="Leaving"><script>setTimeout(() => location.replace("/pages/landed.html"), 300)</script>',
  '/pages/landed.html': '<img src="/images/444x333.png?c=f80002" alt="Landed">',
  '/pages/hops.html':
    '<img src="/images/112x112.png?c=f80003"><script>setTimeout(() => location.replace("/pages/hops.html?" + Math.random()), 50)</script>',
  '/pages/slow-sheet.html':
    '<link rel="stylesheet" href="/slow/sheet.css"><img src="/images/333x222.png?c=f60001" alt="Early"><div class="late"></div>',
  '/pages/script-and-img.html':
    '<img src="/images/321x123.png?c=f70001" alt="In the HTML"><script>document.body.insertAdjacentHTML("beforeend", \'<img src="/images/322x124.png?c=f70002" alt="Rendered">\')</script>',
  '/pages/blur-up.html':
    '<style>.soft { filter: blur(20px) }</style><img id="chair" class="soft" src="/images/64x48.png?c=fa0001" alt="Chair"><img id="lamp" class="lazyload blur-up" src="/images/40x30.png?c=fa0003" alt="Lamp">' +
    '<img id="slide" src="/images/500x300.png?c=fa0005" alt="Rotating"><script>addEventListener("load", () => {' +
    ' chair.src = "/images/1600x1200.png?c=fa0002"; chair.onload = () => chair.classList.remove("soft");' +
    ' lamp.className = "lazyloaded"; lamp.src = "/images/1200x900.png?c=fa0004";' +
    ' slide.src = "/images/501x300.png?c=fa0006"; })</script>',
  '/pages/anchor-icons.html':
    '<style>.anchor-icon { visibility: hidden } h2:hover .anchor-icon { visibility: visible }</style><h2>Install <svg class="anchor-icon" width="16" height="16" viewBox="0 0 16 16"><path d="M0 0h16v16H0z"/></svg></h2>' +
    '<h2>Usage <svg width="20" height="20" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8"/></svg></h2><script>document.title = "anchors"</script>',
  '/pages/hung-resources.html':
    '<img src="/images/350x150.png?c=f50001"><img src="/hang/pixel.png"><script src="/hang/tracker.js" async></script><script>fetch("/hang/poll")</script>',
};

/** Auto mode's head start for the browser here, and how slow the slow site is (the site answers after it). */
const HEAD_START_MS = 300;
const SLOW_SITE_MS = 1_200;
const COLD_FIRST_ANSWER_MS = 15_000;
const SLOW_SITE_PAGES: Record<string, string> = {
  scripted: '<img src="/images/210x110.png?c=f90001" alt="Shown"><script>document.title = "scripted"</script>',
  plain: '<img src="/images/220x120.png?c=f90002" alt="Plain">',
  cold: '<img src="/images/230x130.png?c=f90003" alt="Cold">',
};
const slowSiteAsked = new Set<string>();

let fixture: FixtureServer;
let app: INestApplication;
const rangeRequests: string[] = [];
const events: string[] = [];

beforeAll(async () => {
  fixture = await startFixtureServer({
    handle: async (req, res) => {
      if (req.headers.range) rangeRequests.push(`${req.url} ${req.headers.range}`);
      const inline = INLINE_PAGES[req.url?.split('?')[0] ?? ''];
      if (inline !== undefined) {
        res.writeHead(200, { 'content-type': 'text/html' }).end(inline);
        return true;
      }
      if (req.url === '/drip/photo.png') {
        // A slow CDN: the whole file to a browser a byte at a time, its first bytes at once to a Range request.
        const photo = solidPng(640, 480);
        if (req.headers.range) {
          res
            .writeHead(206, { 'content-type': 'image/png', 'content-range': `bytes 0-63/${photo.length}` })
            .end(photo.subarray(0, 64));
          return true;
        }
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(photo.length) });
        res.write(photo.subarray(0, 64));
        let sent = 64;
        const drip = setInterval(
          () => (sent < photo.length ? res.write(photo.subarray(sent, (sent += 1))) : clearInterval(drip)),
          200,
        );
        res.once('close', () => clearInterval(drip));
        return true;
      }
      if (req.url === '/download/photo.png') {
        res
          .writeHead(200, { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="photo.png"' })
          .end(solidPng(300, 200));
        return true;
      }
      if (req.url?.startsWith('/hang/')) {
        // Headers sent, body never: a tracker or an image server that hangs.
        res.writeHead(200, { 'content-type': req.url.endsWith('.js') ? 'text/javascript' : 'image/png' });
        return true;
      }
      if (req.url === '/slow/sheet.css') {
        await new Promise((resolve) => setTimeout(resolve, 400));
        events.push('stylesheet answered');
        res.writeHead(200, { 'content-type': 'text/css' });
        res.end('.late { background-image: url(/images/444x111.png?c=f60002) }');
        return true;
      }
      if (req.url?.startsWith('/images/333x222.png') && req.headers.range) events.push('img probed');
      const slow = /^\/slow-site\/(\w+)\.html/.exec(req.url ?? '');
      if (slow) {
        // A slow site: each answer after SLOW_SITE_MS; the cold one's first answer far later (the static read is
        // given up long before), the rest at once.
        const first = !slowSiteAsked.has(req.url!);
        slowSiteAsked.add(req.url!);
        events.push('page asked');
        const wait = setTimeout(
          () => {
            events.push('page answered');
            res.writeHead(200, { 'content-type': 'text/html' }).end(SLOW_SITE_PAGES[slow[1]]);
          },
          slow[1] !== 'cold' ? SLOW_SITE_MS : first ? COLD_FIRST_ANSWER_MS : 0,
        );
        res.once('close', () => clearTimeout(wait));
        return true;
      }
      return false;
    },
  });
  const config = loadExtractorConfig({
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: uniqueQueuePrefix('extractor-catalogue'),
    LOG_LEVEL: 'silent',
    PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
    EXTRACTOR_JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS),
    EXTRACTOR_SCROLL_MAX_STEPS: '25',
    EXTRACTOR_LAZY_ATTRIBUTES: 'data-my-picture',
    EXTRACTOR_BROWSER_HEAD_START_MS: String(HEAD_START_MS),
  });
  app = await createService({ name: 'extractor', module: AppModule.forRoot(config), port: 0 });
});
afterAll(async () => {
  await app?.close();
  await fixture?.close();
});

async function extract(
  path: string,
  mode: ExtractionMode = 'browser',
  fileTypes?: string[],
): Promise<ExtractJobResult> {
  return app
    .get(ExtractionService)
    .extract(
      { extractionId: `catalogue-${path}`, url: fixture.url(path), mode, fileTypes },
      { extractionId: `catalogue-${path}` },
      async () => undefined,
    );
}

/** Fixture URLs without the origin; data: URIs as their media type (the markup is checked separately). */
const local = (url: string) =>
  url.startsWith(fixture.origin)
    ? url.slice(fixture.origin.length)
    : url.startsWith('data:')
      ? url.slice(0, url.indexOf(','))
      : url;
const fileKinds = (files: ExtractedFile[]) =>
  Object.fromEntries(files.filter((file) => !file.duplicate).map((file) => [local(file.fileUrl), file.kind]));
const distinct = (files: ExtractedFile[]): Expected[] =>
  files
    .filter((file) => !file.duplicate)
    .map((file) => [local(file.fileUrl), file.sourceNode!, file.width, file.height]);

describe('every source of images (browser path), exact results', () => {
  it.each(Object.entries(EXPECTED.pages) as [string, Expected[]][])('%s', async (page, expected) => {
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

  it.each(Object.entries(EXPECTED.anyOrder) as [string, Expected[]][])(
    '%s (order of arrival aside)',
    async (page, expected) => {
      const result = await extract(`/pages/catalogue/${page}`);
      expect(distinct(result.files).sort()).toEqual(expected);
    },
  );

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
    expect(fixture.requests.filter((path) => /icons\.woff2|clip\.mp4/.test(path))).toEqual([]);
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

describe('static path and auto mode', () => {
  it('auto reads a page without scripts statically, with the same results', async () => {
    const result = await extract('/pages/catalogue/head.html', 'auto');
    expect(result.performanceInfo.method).toBe('static');
    expect(distinct(result.files)).toEqual(distinct((await extract('/pages/catalogue/head.html')).files));
  });

  it.each([
    'img.html',
    'srcset.html',
    'picture.html',
    'lazy.html',
    'svg.html',
    'amp.html',
    'links.html',
    'carousel.html',
    'base.html',
    'noise.html',
    'media.html',
    'real-world.html',
    'galleries.html',
    'cms-sizes.html',
    'stand-ins.html',
    'renditions.html',
    'kinds.html',
  ])('static finds what the browser finds on %s', async (page) => {
    const [fromStatic, fromBrowser] = [
      await extract(`/pages/catalogue/${page}`, 'static'),
      await extract(`/pages/catalogue/${page}`, 'browser'),
    ];
    expect(fromStatic.performanceInfo.method).toBe('static');
    expect(distinct(fromStatic.files).sort()).toEqual(distinct(fromBrowser.files).sort());
  });

  it('static reads linked and embedded stylesheets, only the rules for elements the page has, as the browser does', async () => {
    const result = await extract('/pages/catalogue/css.html', 'static');
    const urls = distinct(result.files).map(([url]) => url);
    expect(urls.sort()).toEqual(
      distinct((await extract('/pages/catalogue/css.html')).files)
        .map(([url]) => url)
        .sort(),
    );
    // .sidebar .promo, .banner:hover, .modal-backdrop and .checkout-hero name pictures no element of this page
    // shows, and no declaration reads --unused-logo; var(--picture) and each card's --card-picture are found.
    for (const colour of ['660010', '660011', '660012', '660013', '660015', '660024'])
      expect(urls.join(' ')).not.toContain(`c=${colour}`);
    for (const colour of ['660014', '660016', '660017']) expect(urls.join(' ')).toContain(`c=${colour}`);
  });

  it('probes the images the HTML names while its stylesheets are still loading', async () => {
    events.length = 0;
    const result = await extract('/pages/slow-sheet.html', 'static');
    // A linked sheet's pictures stand where its <link> does.
    expect(distinct(result.files)).toEqual([
      ['/images/444x111.png?c=f60002', 'css-background', 444, 111],
      ['/images/333x222.png?c=f60001', 'img', 333, 222],
    ]);
    expect(events).toEqual(['img probed', 'stylesheet answered']);
  });

  it('auto shows what the HTML names while the browser renders a page with scripts', async () => {
    const reports: ExtractionProgress[] = [];
    const url = fixture.url('/pages/script-and-img.html');
    const result = await app
      .get(ExtractionService)
      .extract({ extractionId: 'streamed', url, mode: 'auto' }, { extractionId: 'streamed' }, async (progress) =>
        reports.push(progress),
      );
    expect(result.performanceInfo.method).toBe('auto:browser');
    expect(distinct(result.files).map(([path]) => path)).toEqual([
      '/images/321x123.png?c=f70001',
      '/images/322x124.png?c=f70002',
    ]);
    const firstPreview = reports.findIndex((report) => report.files?.length);
    expect(reports[firstPreview]).toMatchObject({
      stage: 'loading',
      imagesFound: 1,
      files: [{ fileUrl: fixture.url('/images/321x123.png?c=f70001') }],
    });
    // Before the browser's own preview (sent when it starts measuring the rendered page).
    expect(firstPreview).toBeLessThan(reports.findIndex((report) => report.stage === 'measuring'));
  });

  describe('on a slow site, the browser starts before the HTML is read', () => {
    it('a page with scripts: the browser asked for it before the first answer came, and its visit is the result', async () => {
      events.length = 0;
      const result = await extract('/slow-site/scripted.html?1', 'auto');
      expect(result.performanceInfo.method).toBe('auto:browser');
      expect(distinct(result.files)).toEqual([['/images/210x110.png?c=f90001', 'img', 210, 110]]);
      // Without the head start: asked, answered, asked, answered (the HTML waited for twice).
      expect(events).toEqual(['page asked', 'page asked', 'page answered', 'page answered']);
    });

    it('a page without scripts: the static result stands, and the browser that started is stopped', async () => {
      events.length = 0;
      const result = await extract('/slow-site/plain.html?1', 'auto');
      expect(result.performanceInfo.method).toBe('static');
      expect(distinct(result.files)).toEqual([['/images/220x120.png?c=f90002', 'img', 220, 120]]);
      expect(events.slice(0, 2)).toEqual(['page asked', 'page asked']);
    });

    it('a browser that rendered the page while the HTML was still on its way is the result (a slow first answer)', async () => {
      events.length = 0;
      const result = await extract('/slow-site/cold.html?1', 'auto');
      expect(result.performanceInfo.method).toBe('auto:browser');
      expect(distinct(result.files)).toEqual([['/images/230x130.png?c=f90003', 'img', 230, 130]]);
      // The static read was given up: its answer never came.
      expect(events).toEqual(['page asked', 'page asked', 'page answered']);
    });
  });

  it('auto hands pages with scripts to the browser', async () => {
    const result = await extract('/pages/catalogue/spa.html', 'auto');
    expect(result.performanceInfo.method).toBe('auto:browser');
    expect(result.totalImagesFound).toBe(2);
  });
});

describe('stand-ins a page replaces itself', () => {
  it("leaves out a low-res first picture swapped while blurred (by a class's filter, or with a blur class taken off), not a picture a script rotates", async () => {
    const result = await extract('/pages/blur-up.html');
    expect(
      distinct(result.files)
        .map(([path]) => path)
        .sort(),
    ).toEqual([
      '/images/1200x900.png?c=fa0004',
      '/images/1600x1200.png?c=fa0002',
      '/images/500x300.png?c=fa0005',
      '/images/501x300.png?c=fa0006',
    ]);
  });
});

describe('hidden interface', () => {
  it("leaves out an inline icon a stylesheet hides until hover (GitHub's heading anchors), not one shown", async () => {
    const result = await extract('/pages/anchor-icons.html');
    expect(distinct(result.files)).toEqual([['data:image/svg+xml;base64', 'inline-svg', 20, 20]]);
  });
});

describe('addresses that are not a plain page', () => {
  it('follows a page that moves on by itself to where it lands, and says where that is', async () => {
    const result = await extract('/pages/moves-on.html');
    expect(result.error).toBeUndefined();
    expect(local(result.sourceUrl)).toBe('/pages/landed.html');
    expect(distinct(result.files)).toEqual([['/images/444x333.png?c=f80002', 'img', 444, 333]]);
  });

  it('ends on a page that never stops moving on, with what it shows', async () => {
    const result = await extract('/pages/hops.html');
    expect(result.error).toBeUndefined();
    expect(distinct(result.files)).toEqual([['/images/112x112.png?c=f80003', 'img', 112, 112]]);
  });

  it.each([
    ['a picture', '/images/640x480.png?c=f80004', 640, 480],
    ['a download (Content-Disposition: attachment)', '/download/photo.png', 300, 200],
  ])('lists the address itself when it is %s, in the browser as statically', async (_kind, path, width, height) => {
    for (const mode of ['browser', 'static'] as const) {
      const result = await extract(path, mode);
      expect(result.error).toBeUndefined();
      expect(distinct(result.files)).toEqual([[path, 'img', width, height]]);
    }
  });
});

describe('hostile pages end within the limits with a clear word', () => {
  it('endless scroll stops at the step cap with a warning', async () => {
    const result = await extract('/pages/hostile/endless.html');
    expect(result.error).toBeUndefined();
    expect(result.warnings).toEqual([expect.stringMatching(/kept growing; scrolling stopped at the step limit/)]);
    expect(result.warningDetails).toEqual([{ code: 'SCROLL_CAPPED', values: { cap: 'steps' } }]);
    expect(result.totalImagesFound).toBeGreaterThan(10);
  });

  it('thousands of nodes: the walk is capped, the image before them found', async () => {
    const result = await extract('/pages/hostile/many-nodes.html');
    expect(result.warnings).toEqual([expect.stringMatching(/more than 30,000 elements/)]);
    expect(result.warningDetails).toEqual([{ code: 'ELEMENTS_CAPPED', values: { limit: 30_000 } }]);
    expect(distinct(result.files)).toEqual([['/images/310x210.png?c=f10001', 'img', 310, 210]]);
  });

  it('a storm of timers, an endless chain of them and a clock-checking debounce: settling ends, with what they show', async () => {
    const result = await extract('/pages/hostile/timers.html');
    expect(result.error).toBeUndefined();
    expect(distinct(result.files)).toEqual([
      ['/images/330x230.png?c=f50001', 'img', 330, 230],
      ['/images/340x240.png?c=f50002', 'img', 340, 240],
    ]);
  });

  it('alert, confirm and prompt are dismissed', async () => {
    expect(distinct((await extract('/pages/hostile/dialogs.html')).files)).toEqual([
      ['/images/320x220.png?c=f20001', 'img', 320, 220],
    ]);
  });

  it('a window.open storm is closed as it comes', async () => {
    const result = await extract('/pages/hostile/popups.html');
    expect(distinct(result.files)).toEqual([['/images/330x230.png?c=f30001', 'img', 330, 230]]);
    // An endless storm would hold the page until the job's time limit closes it.
    expect(result.performanceInfo.timeMs).toBeLessThan(JOB_TIMEOUT_MS);
  });

  it('hung requests (a tracker, a long poll, an image) do not hold the page up', async () => {
    const result = await extract('/pages/hung-resources.html');
    expect(result.error).toBeUndefined();
    expect(distinct(result.files)[0]).toEqual(['/images/350x150.png?c=f50001', 'img', 350, 150]);
    // Waiting for the hung requests would last until the job's time limit closes the page.
    expect(result.performanceInfo.timeMs).toBeLessThan(JOB_TIMEOUT_MS);
  });

  it('private addresses and file: URLs on the page are refused, with a warning', async () => {
    const result = await extract('/pages/hostile/private-targets.html');
    expect(distinct(result.files)).toEqual([['/images/340x240.png?c=f40001', 'img', 340, 240]]);
    expect(result.warnings).toEqual([expect.stringMatching(/went to private or local addresses and were refused/)]);
    expect(result.warningDetails).toEqual([{ code: 'REFUSED_REQUESTS', values: { count: expect.any(Number) } }]);
  });
});
