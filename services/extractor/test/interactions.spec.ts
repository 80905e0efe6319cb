import { INestApplication } from '@nestjs/common';
import { ExtractedFile, ExtractionMode, ExtractionProgress, ExtractJobResult } from '@pixtract/contracts';
import { createService } from '@pixtract/service-kit';
import { FixtureServer, startFixtureServer, uniqueQueuePrefix } from '@pixtract/testing';
import { AppModule } from '../src/app.module';
import { ExtractionService } from '../src/extraction/extraction.service';
import { loadExtractorConfig, VISIT_BEHAVIOURS } from '../src/extractor.config';
import { TEST_REDIS_URL } from './extraction-queue.harness';

jest.setTimeout(60_000);

const JOB_TIMEOUT_MS = 20_000;

let fixture: FixtureServer;
/** The extractor as it runs, and the same with every visit behaviour switched off: what each behaviour adds. */
let app: INestApplication;
let bare: INestApplication;

beforeAll(async () => {
  fixture = await startFixtureServer({
    handle: (req, res) => {
      // A frame from another origin (localhost, not 127.0.0.1) showing a srcset picture at its smallest candidate.
      if (req.url === '/framing.html') {
        const other = fixture.origin.replace('127.0.0.1', 'localhost');
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<iframe src="${other}/framed.html" width="400" height="300"></iframe><script>document.title = "f"</script>`,
          );
        return true;
      }
      if (req.url === '/framed.html') {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<img srcset="/images/320x240.png?c=0b0001 320w, /images/1280x960.png?c=0b0001 1280w" sizes="320px" alt="Framed">',
          );
        return true;
      }
      return false;
    },
  });
  const start = (prefix: string, env: Record<string, string> = {}) =>
    createService({
      name: 'extractor',
      module: AppModule.forRoot(
        loadExtractorConfig({
          REDIS_URL: TEST_REDIS_URL,
          QUEUE_PREFIX: uniqueQueuePrefix(prefix),
          LOG_LEVEL: 'silent',
          PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1',
          EXTRACTOR_JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS),
          ...env,
        }),
      ),
      port: 0,
    });
  app = await start('extractor-interactions');
  bare = await start('extractor-interactions-bare', { EXTRACTOR_DISABLED_BEHAVIOURS: VISIT_BEHAVIOURS.join(',') });
});
afterAll(async () => {
  await app?.close();
  await bare?.close();
  await fixture?.close();
});

async function extract(
  path: string,
  { mode = 'browser', on = app }: { mode?: ExtractionMode; on?: INestApplication } = {},
): Promise<{ result: ExtractJobResult; progress: ExtractionProgress[] }> {
  const progress: ExtractionProgress[] = [];
  const result = await on
    .get(ExtractionService)
    .extract(
      { extractionId: `interactions-${path}`, url: fixture.url(path), mode },
      { extractionId: `interactions-${path}` },
      async (event) => void progress.push(event),
    );
  return { result, progress };
}

const local = (url: string) => (url.startsWith(fixture.origin) ? url.slice(fixture.origin.length) : url);
/** Distinct files, as [path, width, height]. */
const distinct = (files: ExtractedFile[]) =>
  files.filter((file) => !file.duplicate).map((file) => [local(file.fileUrl), file.width, file.height]);
const paths = (files: ExtractedFile[]) => files.filter((file) => !file.duplicate).map((file) => local(file.fileUrl));

describe('pressing what reveals content', () => {
  it('accepts a consent wall by its accept text, never pressing the same words in an ad', async () => {
    const { result, progress } = await extract('/pages/interactions/consent-wall.html');
    expect(distinct(result.files)).toEqual([
      ['/images/640x480.png?c=c00001', 640, 480],
      ['/images/640x480.png?c=c00002', 640, 480],
      ['/images/640x480.png?c=c00003', 640, 480],
    ]);
    expect(result.files.every((file) => file.revealedByClick)).toBe(true);
    expect(progress.some((event) => event.revealed?.consentAccepted)).toBe(true);
    expect((await extract('/pages/interactions/consent-wall.html', { on: bare })).result.files).toEqual([]);
  });

  it("accepts a consent platform's own button (OneTrust)", async () => {
    const { result } = await extract('/pages/interactions/onetrust.html');
    expect(paths(result.files)).toEqual(['/images/500x300.png?c=c10001']);
  });

  it('presses Load more while it adds pictures, and nothing that leaves, submits or is an ad', async () => {
    const { result, progress } = await extract('/pages/interactions/load-more.html');
    const files = result.files.filter((file) => !file.duplicate);
    expect(files.map((file) => local(file.fileUrl))).toEqual(
      [...Array(16).keys()].map(
        (n) => `/images/400x300.png?c=${(0xd00000 + Math.floor(n / 4) * 16 + (n % 4)).toString(16)}`,
      ),
    );
    // The first batch was there before any press; the three others came from them.
    expect(files.map((file) => Boolean(file.revealedByClick))).toEqual([
      ...Array<boolean>(4).fill(false),
      ...Array<boolean>(12).fill(true),
    ]);
    expect(result.sourceUrl).toBe(fixture.url('/pages/interactions/load-more.html'));
    expect(progress.findLast((event) => event.revealed)?.revealed).toEqual({
      consentAccepted: false,
      loadMorePresses: 3,
    });
    expect(paths((await extract('/pages/interactions/load-more.html', { on: bare })).result.files)).toHaveLength(4);
  });
});

describe('waiting while the page shows it is working', () => {
  it('waits for a hydrating page behind skeletons, and leaves the skeletons out', async () => {
    const { result } = await extract('/pages/interactions/skeleton.html');
    expect(distinct(result.files)).toEqual([
      ['/images/300x200.png?c=5e0001', 300, 200],
      ['/images/300x200.png?c=5e0002', 300, 200],
      ['/images/300x200.png?c=5e0003', 300, 200],
    ]);
    const without = await extract('/pages/interactions/skeleton.html', { on: bare });
    expect(paths(without.result.files)).not.toContain('/images/300x200.png?c=5e0001');
  });
});

describe('scrolling the page’s own scrollers', () => {
  it('scrolls an app shell’s <main> down and its strip across, where observers rooted on them load pictures', async () => {
    const { result } = await extract('/pages/interactions/app-shell.html');
    const found = paths(result.files);
    for (let i = 0; i < 12; i += 1) expect(found).toContain(`/images/480x320.png?c=${(0xa00000 + i).toString(16)}`);
    for (let i = 0; i < 6; i += 1) expect(found).toContain(`/images/240x160.png?c=${(0xb00000 + i).toString(16)}`);
    const without = paths((await extract('/pages/interactions/app-shell.html', { on: bare })).result.files);
    expect(without.length).toBeLessThan(found.length / 2);
  });
});

describe('pictures named in @keyframes', () => {
  const slides = [
    ['/images/600x400.png?c=f00001', 600, 400],
    ['/images/600x400.png?c=f00002', 600, 400],
    ['/images/600x400.png?c=f00003', 600, 400],
    ['/images/800x200.png?c=f00011', 800, 200],
    ['/images/800x200.png?c=f00012', 800, 200],
  ];
  const sorted = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();

  it.each(['static', 'auto', 'browser'] as const)('are the animated element’s pictures (%s)', async (mode) => {
    const { result } = await extract('/pages/interactions/keyframes.html', { mode });
    expect(sorted(distinct(result.files))).toEqual(sorted(slides));
  });

  it('are not read in the browser without the behaviour', async () => {
    const { result } = await extract('/pages/interactions/keyframes.html', { mode: 'browser', on: bare });
    expect(result.files.filter((file) => !file.duplicate).length).toBeLessThan(slides.length);
  });
});

describe("lazy libraries' retina forms", () => {
  it.each(['browser', 'static'] as const)(
    'keep both sizes of one picture, the larger as the file (%s)',
    async (mode) => {
      const { result } = await extract('/pages/interactions/retina.html', { mode });
      const files = result.files.filter((file) => !file.duplicate);
      const byFile = Object.fromEntries(
        files.map((file) => [local(file.fileUrl), (file.variants ?? []).map((variant) => local(variant.fileUrl))]),
      );
      expect(byFile['/images/600x400.png?c=0a0001']).toContain('/images/300x200.png?c=0a0001');
      expect(byFile['/images/800x600.png?c=0a0002']).toContain('/images/400x300.png?c=0a0002');
      expect(byFile['/images/400x200.png?c=0a0003']).toContain('/images/200x100.png?c=0a0003');
      expect(byFile['/images/1000x1000.png?c=0a0004']).toEqual(
        expect.arrayContaining(['/images/500x500.png?c=0a0004', '/images/100x100.png?c=0a0005']),
      );
      expect(Object.keys(byFile)).toHaveLength(4);
    },
  );

  it('keeps the largest srcset candidate inside a cross-origin frame', async () => {
    const { result } = await extract('/framing.html');
    const other = fixture.origin.replace('127.0.0.1', 'localhost');
    expect(result.files.filter((file) => !file.duplicate).map((file) => [file.fileUrl, file.width])).toEqual([
      [`${other}/images/1280x960.png?c=0b0001`, 1280],
    ]);
  });
});
