import { CrawlView, ExtractionHistoryItem, QueueName } from '@pixtract/contracts';
import { CookieJar, createTestDatabase, openArchive, solidPng, TestWeb, uniqueQueuePrefix } from '@pixtract/testing';
import { startAuth, type AuthHarness } from '@pixtract/auth/test/auth-harness';
import { startZipper, type ZipperHarness } from '@pixtract/zipper/test/zipper-harness';
import { startGateway, type GatewayHarness } from '../support/gateway-harness';
import { standInPageResult } from '../support/stand-in-page';

jest.setTimeout(60_000);

/** A small day for registered members, so a crawl reaches it. */
const QUOTAS = { PIXTRACT_QUOTA_REGISTERED_DAILY: '6' };
const ENDED = new Set(['completed', 'stopped', 'limited', 'failed']);

type OpenedZip = Awaited<ReturnType<typeof openArchive>>;
const imageNames = (archive: OpenedZip) => archive.names.filter((name) => name.startsWith('images/'));

/** `jar`'s crawl ZIP for `body` (JSON, or a form post as the web sends it), answered 200 and read by `read`. */
async function readCrawlZip<T>(
  jar: CookieJar,
  body: Record<string, unknown> | URLSearchParams,
  read: (archive: OpenedZip) => Promise<T>,
): Promise<T> {
  const res = await jar.fetch('/api/download-images', {
    method: 'POST',
    ...(body instanceof URLSearchParams ? { body } : { json: body }),
  });
  expect(res.status).toBe(200);
  const archive = await openArchive(Buffer.from(await res.arrayBuffer()));
  try {
    return await read(archive);
  } finally {
    await archive.dispose();
  }
}

/** The stand-in site's first page links to the six others. */
const pageResult = (url: string, crawlId: string) =>
  standInPageResult(
    url,
    crawlId,
    Number(/page-(\d+)/.exec(url)?.[1]) === 1
      ? [2, 3, 4, 5, 6, 7].map((m) => ({ url: `http://127.0.0.1/page-${m}`, via: 'link' as const }))
      : [],
  );

/**
 * The crawl's result as stored and served: merged files, the ZIP through the zipper, the daily limit, the member's
 * history. A BullMQ worker stands in for the extractor (the pages are canned; the crawl's own rules run for real).
 */
describe('a crawl’s result: ZIP, daily limit, history (real gateway, auth, zipper, Postgres, Redis)', () => {
  const web = new TestWeb();
  let auth: AuthHarness;
  let zipper: ZipperHarness;
  let gateway: GatewayHarness;
  let member: CookieJar;

  beforeAll(async () => {
    await web.site(
      'images.example',
      (_req, res) => void res.writeHead(200, { 'content-type': 'image/png' }).end(solidPng(8, 8)),
    );
    zipper = await startZipper(web, {});
    auth = await startAuth('gateway_crawl_results_auth', QUOTAS);
    const database = await createTestDatabase('gateway_crawl_results');
    gateway = await startGateway(
      'gateway_crawl_results',
      { ZIPPER_URL: zipper.base, PIXTRACT_ALLOW_PRIVATE_NETWORKS: '1', CRAWL_SWEEP_MS: '500' },
      { database, queuePrefix: uniqueQueuePrefix('gateway_crawl_results'), authUrl: auth.base },
    );
    gateway.startWorker(async (job) => pageResult(job.data.url, job.data.crawl!.crawlId), QueueName.CrawlPage);
    member = new CookieJar(gateway.base);
    const credentials = { username: 'zipper-fan', password: 'long enough pass' };
    await member.fetch('/api/auth/register', { method: 'POST', json: credentials });
    expect((await member.fetch('/api/auth/login', { method: 'POST', json: credentials })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await gateway?.database.drop();
    await auth?.close();
    await zipper?.close();
    await web.close();
  }, 30_000);

  async function crawlTo(body: unknown): Promise<CrawlView> {
    const res = await member.fetch('/api/crawls', { method: 'POST', json: body });
    expect(res.status).toBe(202);
    const { crawlId } = (await res.json()) as { crawlId: string };
    for (;;) {
      const crawl = (await (await member.fetch(`/api/crawls/${crawlId}`)).json()) as CrawlView;
      if (ENDED.has(crawl.status)) return crawl;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The list crawl of the first test (the day allows two crawls of three images). */
  let listCrawl: CrawlView;

  it('merges files across pages by address, zips them with a folder per page and lists page → image', async () => {
    const crawl = (listCrawl = await crawlTo({
      scope: 'list',
      urls: ['http://127.0.0.1/page-2', 'http://127.0.0.1/page-3'],
    }));
    expect(crawl.status).toBe('completed');
    expect(crawl.files.map((file) => [file.alt, file.pageUrls])).toEqual([
      ['Picture 2', ['http://127.0.0.1/page-2']],
      ['Logo', ['http://127.0.0.1/page-2', 'http://127.0.0.1/page-3']],
      ['Picture 3', ['http://127.0.0.1/page-3']],
    ]);

    await readCrawlZip(
      member,
      { crawlId: crawl.crawlId, imageUrls: crawl.files.map((file) => file.fileUrl), folders: true },
      async (archive) => {
        expect(imageNames(archive)).toEqual([
          'images/001-127_0_0_1_page_2/001-Picture_2.png',
          'images/001-127_0_0_1_page_2/002-Logo.png',
          'images/002-127_0_0_1_page_3/003-Picture_3.png',
        ]);
        expect(await archive.text('all-image-urls.txt')).toBe(
          [
            'http://127.0.0.1/page-2',
            '  http://images.example/img/page-2.png',
            '  http://images.example/img/logo.png',
            'http://127.0.0.1/page-3',
            '  http://images.example/img/logo.png',
            '  http://images.example/img/page-3.png',
            '',
          ].join('\n'),
        );
      },
    );
    // Flat by default; someone else's crawl is answered as unknown.
    await readCrawlZip(
      member,
      { crawlId: crawl.crawlId, imageUrls: crawl.files.map((file) => file.fileUrl) },
      async (flat) => {
        expect(imageNames(flat)).toHaveLength(3);
        expect(flat.names.every((name) => !name.startsWith('images/0') || !name.slice(7).includes('/'))).toBe(true);
      },
    );
    const stranger = await fetch(`${gateway.base}/api/download-images`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ crawlId: crawl.crawlId, imageUrls: [crawl.files[0].fileUrl] }),
    });
    expect([stranger.status, ((await stranger.json()) as { code: string }).code]).toEqual([404, 'CRAWL_NOT_FOUND']);
  });

  it('zips only the images chosen in the gallery, in their pages’ folders, and refuses one the crawl did not find', async () => {
    const crawl = listCrawl;
    const chosen = ['http://images.example/img/page-3.png', 'http://images.example/img/logo.png'];
    // A form post, as the web sends it: the addresses as JSON text; the pages come from the stored crawl.
    await readCrawlZip(
      member,
      new URLSearchParams({
        crawlId: crawl.crawlId,
        imageUrls: JSON.stringify(chosen),
        folders: 'true',
        naming: '{alt}',
      }),
      async (archive) => {
        expect(imageNames(archive)).toEqual([
          'images/001-127_0_0_1_page_3/Picture_3.png',
          'images/002-127_0_0_1_page_2/Logo.png',
        ]);
        expect(await archive.text('all-image-urls.txt')).toBe(
          [
            'http://127.0.0.1/page-3',
            '  http://images.example/img/page-3.png',
            '  http://images.example/img/logo.png',
            'http://127.0.0.1/page-2',
            '  http://images.example/img/logo.png',
            '',
          ].join('\n'),
        );
      },
    );

    const foreign = await member.fetch('/api/download-images', {
      method: 'POST',
      json: { crawlId: crawl.crawlId, imageUrls: [...chosen, 'http://images.example/img/elsewhere.png'] },
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({
      code: 'IMAGE_NOT_IN_CRAWL',
      message: 'Only images this crawl found can go into its ZIP.',
    });
  });

  it('zips every image of the crawl when none is chosen ({crawlId, folders})', async () => {
    await readCrawlZip(member, { crawlId: listCrawl.crawlId, folders: true }, async (archive) => {
      expect(imageNames(archive)).toEqual([
        'images/001-127_0_0_1_page_2/001-Picture_2.png',
        'images/001-127_0_0_1_page_2/002-Logo.png',
        'images/002-127_0_0_1_page_3/003-Picture_3.png',
      ]);
    });
  });

  it('files an image found on several pages under the page the gallery’s Page filter shows', async () => {
    const form = new URLSearchParams({
      crawlId: listCrawl.crawlId,
      imageUrls: JSON.stringify(['http://images.example/img/logo.png', 'http://images.example/img/page-3.png']),
      folders: 'true',
      naming: '{alt}-{page}',
      pageUrl: 'http://127.0.0.1/page-3',
    });
    await readCrawlZip(member, form, async (archive) => {
      // The logo was found on page 2 first; shown on page 3, it goes where the person saw it.
      expect(imageNames(archive)).toEqual([
        'images/001-127_0_0_1_page_3/Logo-page_3.png',
        'images/001-127_0_0_1_page_3/Picture_3-page_3.png',
      ]);
    });
  });

  it('charges images as pages finish and ends as limited at the daily limit, keeping what it has', async () => {
    // 3 images charged by the first crawl; 3 left of 6.
    const crawl = await crawlTo({ url: 'http://127.0.0.1/page-1', scope: 'links' });
    expect(crawl.status).toBe('limited');
    expect(crawl.limits).toMatchObject({ total: 6, used: 6, remaining: 0, role: 'registered' });
    expect(crawl.files.filter((file) => !file.duplicate)).toHaveLength(3);
    expect(crawl.pages.some((page) => page.status === 'skipped' && page.skipReason === 'limited')).toBe(true);
    const refused = await member.fetch('/api/crawls', {
      method: 'POST',
      json: { url: 'http://127.0.0.1/page-1', scope: 'links' },
    });
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([429, 'DAILY_LIMIT_REACHED']);
  });

  it('lists crawls in the member’s history', async () => {
    const history = (await (await member.fetch('/api/user/extraction-history')).json()) as ExtractionHistoryItem[];
    expect(history.filter((item) => item.kind === 'crawl').map((item) => [item.scope, item.status, item.url])).toEqual([
      ['links', 'limited', 'http://127.0.0.1/page-1'],
      ['list', 'completed', 'http://127.0.0.1/page-2'],
    ]);
  });
});
