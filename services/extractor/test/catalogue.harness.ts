// The catalogue's set-up, shared by its two files (split so they run side by side): the fixture pages with
// their special answers, one extractor app per file, and the helpers that read its results.
import { INestApplication } from '@nestjs/common';
import { ExtractedFile, ExtractionMode, ExtractJobResult, SourceNode } from '@pixtract/contracts';
import { createService } from '@pixtract/service-kit';
import { FIXTURE_PAGES_DIR, FixtureServer, solidPng, startFixtureServer, uniqueQueuePrefix } from '@pixtract/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from '../src/app.module';
import { ExtractionService } from '../src/extraction/extraction.service';
import { loadExtractorConfig } from '../src/extractor.config';
import { TEST_REDIS_URL } from './extraction-queue.harness';

/** [path and query, how it was found, width, height] of each distinct image, in page order. */
export type Expected = [string, SourceNode, number | undefined, number | undefined];
export const EXPECTED = JSON.parse(readFileSync(join(FIXTURE_PAGES_DIR, 'catalogue', 'expected.json'), 'utf8')) as {
  pages: Record<string, Expected[]>;
  anyOrder: Record<string, Expected[]>;
};

export const JOB_TIMEOUT_MS = 20_000;

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

/**
 * Auto mode's head start for the browser here, and how slow the slow site is. Its first answer to a page waits for
 * the browser's own request of it (the head start) or SLOW_SITE_MS, whichever comes first — so the order the tests
 * read does not depend on how fast a loaded machine starts a browser; without a head start it is SLOW_SITE_MS.
 */
const HEAD_START_MS = 300;
const SLOW_SITE_MS = 10_000;
/** A later request of the same page (the browser's) is answered after this, unless the browser was stopped first. */
const LATER_ANSWER_MS = 1_200;
const COLD_FIRST_ANSWER_MS = 15_000;
const SLOW_SITE_PAGES: Record<string, string> = {
  scripted: '<img src="/images/210x110.png?c=f90001" alt="Shown"><script>document.title = "scripted"</script>',
  plain: '<img src="/images/220x120.png?c=f90002" alt="Plain">',
  cold: '<img src="/images/230x130.png?c=f90003" alt="Cold">',
};
const slowSiteAsked = new Set<string>();
/** Answers a slow page's first request at once: called when the browser asks for the same page. */
const slowSiteWaiting = new Map<string, () => void>();

/** The fixture site and the extractor app of the test file that called useCatalogueExtractor(). */
export const catalogue = {} as { fixture: FixtureServer; app: INestApplication };
/** Range requests the fixture site answered, and the order of the slow answers below: tests clear and read them. */
export const rangeRequests: string[] = [];
export const events: string[] = [];

/**
 * One extractor app (browser path, a test-sized job time limit) and the fixture site with the catalogue's pages and
 * the special answers below, for the calling test file; closed after it.
 */
export function useCatalogueExtractor(): void {
  beforeAll(async () => {
    catalogue.fixture = await startFixtureServer({
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
          // The cold page's first answer comes far later (the static read is given up long before), the rest at once.
          const url = req.url!;
          const first = !slowSiteAsked.has(url);
          slowSiteAsked.add(url);
          events.push('page asked');
          if (!first) slowSiteWaiting.get(url)?.();
          const answer = () => {
            events.push('page answered');
            res.writeHead(200, { 'content-type': 'text/html' }).end(SLOW_SITE_PAGES[slow[1]]);
          };
          if (slow[1] === 'cold') {
            const wait = setTimeout(answer, first ? COLD_FIRST_ANSWER_MS : 0);
            res.once('close', () => clearTimeout(wait));
            return true;
          }
          const wait = setTimeout(answer, first ? SLOW_SITE_MS : LATER_ANSWER_MS);
          if (first) slowSiteWaiting.set(url, () => (clearTimeout(wait), setImmediate(answer)));
          res.once('close', () => {
            clearTimeout(wait);
            slowSiteWaiting.delete(url);
          });
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
    catalogue.app = await createService({ name: 'extractor', module: AppModule.forRoot(config), port: 0 });
  });
  afterAll(async () => {
    await catalogue.app?.close();
    await catalogue.fixture?.close();
  });
}

export async function extract(
  path: string,
  mode: ExtractionMode = 'browser',
  fileTypes?: string[],
): Promise<ExtractJobResult> {
  return catalogue.app
    .get(ExtractionService)
    .extract(
      { extractionId: `catalogue-${path}`, url: catalogue.fixture.url(path), mode, fileTypes },
      { extractionId: `catalogue-${path}` },
      async () => undefined,
    );
}

/** Fixture URLs without the origin; data: URIs as their media type (the markup is checked separately). */
export const local = (url: string) =>
  url.startsWith(catalogue.fixture.origin)
    ? url.slice(catalogue.fixture.origin.length)
    : url.startsWith('data:')
      ? url.slice(0, url.indexOf(','))
      : url;
export const fileKinds = (files: ExtractedFile[]) =>
  Object.fromEntries(files.filter((file) => !file.duplicate).map((file) => [local(file.fileUrl), file.kind]));
export const distinct = (files: ExtractedFile[]): Expected[] =>
  files
    .filter((file) => !file.duplicate)
    .map((file) => [local(file.fileUrl), file.sourceNode!, file.width, file.height]);
