import type { CrawlProgress, CrawlView } from '@pixtract/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { renderWithProviders } from '../../test/render-with-providers';

const crawlId = '6f1c1e4e-2b7a-4e55-9a57-0d0a3c1b2a10';
const start = 'https://shop.example/gallery';
const page2 = 'https://shop.example/gallery?page=2';

const view = (fields: Partial<CrawlView> = {}): CrawlView => ({
  crawlId,
  status: 'running',
  scope: 'gallery',
  startUrl: start,
  maxPages: 10,
  pagesDone: 0,
  pagesFailed: 0,
  pagesFound: 1,
  imagesFound: 0,
  reading: [{ url: start, worker: 'box-1:4242' }],
  pages: [{ url: start, status: 'running', imageCount: 0, depth: 0 }],
  files: [],
  warnings: [],
  warningDetails: [],
  createdAt: '2026-12-06T10:00:00.000Z',
  ...fields,
});

const logo = {
  fileUrl: 'https://shop.example/logo.png',
  alt: 'Logo',
  width: 400,
  height: 200,
  kind: 'graphic' as const,
};
const red = { fileUrl: 'https://shop.example/red.jpg', alt: 'Red shoe', width: 800, height: 600 };
const blue = { fileUrl: 'https://shop.example/blue.jpg', alt: 'Blue shoe', width: 800, height: 600 };

const limits = { total: 500, used: 3, remaining: 497, role: 'free' as const };

/** The first page finished (logo and red shoe) and found page 2; page 2 finished (logo again, blue shoe). */
const firstPageDone: CrawlProgress = {
  crawlId,
  status: 'running',
  pagesDone: 1,
  pagesFailed: 0,
  pagesFound: 2,
  imagesFound: 2,
  reading: [{ url: page2, worker: 'box-2:99' }],
  page: { url: start, status: 'done', imageCount: 2, depth: 0 },
  pagesAdded: [page2],
  files: [
    { ...logo, pageUrls: [start] },
    { ...red, pageUrls: [start] },
  ],
  limits,
};
const secondPageDone: CrawlProgress = {
  crawlId,
  status: 'completed',
  pagesDone: 2,
  pagesFailed: 0,
  pagesFound: 2,
  imagesFound: 3,
  reading: [],
  page: { url: page2, status: 'done', imageCount: 2, depth: 1 },
  files: [
    { ...logo, pageUrls: [start, page2] },
    { ...blue, pageUrls: [page2] },
  ],
  limits: { ...limits, used: 4, remaining: 496 },
};

async function serverSends(send: () => void) {
  await act(async () => {
    send();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

async function renderCrawl(gets: CrawlView[] = [view()], extra: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null, googleSignIn: false } },
    [`GET /api/crawls/${crawlId}`]: gets.map((body) => ({ status: 200, body })),
    ...extra,
  });
  const socket = new FakeSocket();
  const rendered = renderWithProviders(`/crawls/${crawlId}`, { socket });
  await screen.findByTestId('crawl-status');
  // A running crawl is followed live; a settled one has nothing more to say.
  if (!['completed', 'stopped', 'limited', 'failed'].includes(gets[0].status))
    await waitFor(() => expect(socket.crawls).toContain(crawlId));
  return { ...rendered, ...api };
}

const grid = () => screen.getByRole('list', { name: 'Extracted images' });

describe('crawl page', () => {
  it('shows the live progress, the page each worker reads and the pages found, then streams results into the grid', async () => {
    const { socket } = await renderCrawl();
    expect(await screen.findByRole('heading', { name: 'The whole gallery' })).toBeInTheDocument();
    expect(screen.getByTestId('crawl-status')).toHaveTextContent('Running');
    expect(screen.getByRole('list', { name: 'Reading now' })).toHaveTextContent('shop.example/gallery');
    expect(screen.getByText('Images appear here as pages finish.')).toBeInTheDocument();

    await serverSends(() => socket.serverEmit('crawl:progress', firstPageDone));
    expect(screen.getByTestId('crawl.pagesDone')).toHaveTextContent('1');
    expect(screen.getByTestId('crawl.pagesFound')).toHaveTextContent('2');
    expect(screen.getByTestId('crawl.imagesFound')).toHaveTextContent('2');
    expect(screen.getByRole('progressbar', { name: 'Crawl progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('list', { name: 'Reading now' })).toHaveTextContent('shop.example/gallery?page=2');
    const pages = screen.getByRole('list', { name: 'Pages found' });
    expect(within(pages).getAllByRole('listitem')).toHaveLength(2);
    expect(within(pages).getByText('Waiting')).toBeInTheDocument();
    expect(within(grid()).getAllByRole('listitem')).toHaveLength(2);

    // Another crawl's events are not this page's business.
    await serverSends(() => socket.serverEmit('crawl:progress', { ...secondPageDone, crawlId: 'another' }));
    expect(within(grid()).getAllByRole('listitem')).toHaveLength(2);

    await serverSends(() => socket.serverEmit('crawl:progress', secondPageDone));
    expect(screen.getByTestId('crawl-status')).toHaveTextContent('Completed');
    expect(screen.getByText('Crawl complete: 2 pages read, 3 images.')).toBeInTheDocument();
    // The logo on both pages is one file, "on 2 pages", and keeps its place (number 1).
    const tiles = within(grid()).getAllByRole('listitem');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[0]).getByText('On 2 pages')).toBeInTheDocument();
    expect(within(tiles[2]).getByText('shop.example/gallery?page=2')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Reading now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('filters the grid by page and previews a file with the pages it was found on', async () => {
    const { user } = await renderCrawl([
      view({
        status: 'completed',
        pagesDone: 2,
        pagesFound: 2,
        imagesFound: 3,
        reading: [],
        pages: [firstPageDone.page!, secondPageDone.page!],
        files: [
          { ...logo, pageUrls: [start, page2] },
          { ...red, pageUrls: [start] },
          { ...blue, pageUrls: [page2] },
        ],
        limits,
      }),
    ]);
    const filter = await screen.findByRole('combobox', { name: 'Page' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All pages', 'shop.example/gallery', 'shop.example/gallery?page=2']);
    await user.selectOptions(filter, page2);
    // Each tile's image starts 50 ms after the one before it (the seed's stagger).
    await waitFor(() =>
      expect(
        within(grid())
          .getAllByRole('img')
          .map((img) => img.getAttribute('alt')),
      ).toEqual(['Logo', 'Blue shoe']),
    );

    await user.click(screen.getByRole('button', { name: 'Preview image 1' }));
    const dialog = await screen.findByRole('dialog', { name: /^Image Preview / });
    expect(within(dialog).getByText('Found on 2 pages')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'shop.example/gallery?page=2' })).toHaveAttribute('href', page2);
  });

  it('zips what the gallery shows or what is selected, by the crawl’s id, a folder per page when chosen, under the page shown', async () => {
    const posted: Array<Record<string, string>> = [];
    jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(Object.fromEntries([...this.querySelectorAll('input')].map((input) => [input.name, input.value])));
    });
    const files = [
      { ...logo, pageUrls: [start, page2] },
      { ...red, pageUrls: [start] },
      { ...blue, pageUrls: [page2] },
    ];
    const pages = [firstPageDone.page!, secondPageDone.page!];
    const { user, socket } = await renderCrawl([view({ status: 'completed', reading: [], pages, files, limits })]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Folders in the ZIP' }), 'A folder per page');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Page' }), page2);
    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      crawlId,
      imageUrls: JSON.stringify([logo.fileUrl, blue.fileUrl]),
      folders: 'true',
      pageUrl: page2,
      naming: '{n}-{alt}',
      downloadId: socket.downloads[0],
    });

    // Loaded, so no image load deadline hides the tile on a slow machine.
    for (const image of within(grid()).getAllByRole('img', { hidden: true })) fireEvent.load(image);
    await user.click(screen.getByRole('checkbox', { name: 'Select image 2' }));
    await user.click(screen.getByRole('button', { name: 'Download selected' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toMatchObject({ crawlId, imageUrls: JSON.stringify([blue.fileUrl]), folders: 'true' });

    // All pages again: each image goes under the first page it was found on.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Page' }), 'All pages');
    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    await waitFor(() => expect(posted).toHaveLength(3));
    expect(posted[2]).not.toHaveProperty('pageUrl');
  });

  it('stops a running crawl, keeping what it found, and runs it again as a new crawl', async () => {
    const stopped = view({
      status: 'stopped',
      pagesDone: 1,
      imagesFound: 2,
      reading: [],
      pages: [firstPageDone.page!, { url: page2, status: 'skipped', skipReason: 'stopped', imageCount: 0, depth: 1 }],
      files: firstPageDone.files!,
      limits,
    });
    // The first answer, the catch-up once the socket joined, then the crawl as Stop left it.
    const { user, calls, router } = await renderCrawl([view(), view(), stopped], {
      [`POST /api/crawls/${crawlId}/stop`]: { status: 200, body: stopped },
      [`POST /api/crawls/${crawlId}/rerun`]: { status: 202, body: { crawlId: 'next-crawl' } },
      'GET /api/crawls/next-crawl': { status: 200, body: view({ crawlId: 'next-crawl', status: 'queued' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Crawl stopped')).toBeInTheDocument();
    expect(screen.getByText('What was found is kept: 1 page read, 2 images.')).toBeInTheDocument();
    expect(screen.getByText('Not read: stopped')).toBeInTheDocument();
    expect(within(grid()).getAllByRole('listitem')).toHaveLength(2);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/crawls/${crawlId}/stop`,
    ]);

    await user.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crawls/next-crawl'));
    expect(await screen.findByText('Queued')).toBeInTheDocument();
  });

  it('says a crawl stopped at the daily limit in the seed’s words, and why coverage may be partial', async () => {
    await renderCrawl([
      view({
        status: 'limited',
        pagesDone: 3,
        imagesFound: 500,
        reading: [],
        files: [{ ...red, pageUrls: [start] }],
        limits: { total: 500, used: 500, remaining: 0, role: 'free' },
        warnings: [
          'robots.txt of shop.example does not allow 4 pages found; they were not read. Coverage may be partial.',
        ],
        warningDetails: [{ code: 'ROBOTS_DISALLOWED', values: { host: 'shop.example', count: 4 } }],
      }),
    ]);
    expect(await screen.findByText('Daily Limit Reached')).toBeInTheDocument();
    expect(
      screen.getByText(
        /You've reached your daily limit of 500 images. Sign in or upgrade to premium for higher limits./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByTestId('crawl-status')).toHaveTextContent('Limited');
    expect(
      screen.getByText(
        'robots.txt of shop.example does not allow 4 pages found; they were not read. Coverage may be partial.',
      ),
    ).toBeInTheDocument();
  });

  it('words the warnings in the reader’s language, right to left in Arabic, the address left to right', async () => {
    const api = fakeApi({
      'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null, googleSignIn: false } },
      [`GET /api/crawls/${crawlId}`]: {
        status: 200,
        body: view({
          status: 'completed',
          reading: [],
          warnings: ['More pages were found than this crawl’s limit of 10 pages. Coverage may be partial.'],
          warningDetails: [{ code: 'PAGE_LIMIT', values: { limit: 10 } }],
        }),
      },
    });
    renderWithProviders(`/ar/crawls/${crawlId}`);
    expect(
      await screen.findByText('وُجدت صفحات أكثر من حد الصفحات لهذا الزحف (١٠). قد تكون التغطية جزئية.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('crawl-status')).toHaveTextContent('مكتمل');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // An address reads left to right: in a right-to-left box "https://site/" shows as "/https://site".
    expect(screen.getByRole('textbox', { name: 'عنوان الموقع' })).toHaveAttribute('dir', 'ltr');
    expect(api.calls.some((call) => call.path === `/api/crawls/${crawlId}`)).toBe(true);
  });

  it('says a failed crawl read no page', async () => {
    await renderCrawl([view({ status: 'failed', reading: [], pagesFailed: 1 })]);
    expect(await screen.findByText('Crawl failed')).toBeInTheDocument();
    expect(screen.getByText('Not one page could be read. Check the address and try again.')).toBeInTheDocument();
  });

  it('answers an unknown crawl with the catalogue’s words', async () => {
    fakeApi({
      'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null, googleSignIn: false } },
      [`GET /api/crawls/${crawlId}`]: {
        status: 404,
        body: { statusCode: 404, code: 'CRAWL_NOT_FOUND', message: 'No crawl with that id.' },
      },
    });
    renderWithProviders(`/crawls/${crawlId}`);
    expect(await screen.findByText('No crawl with that id.')).toBeInTheDocument();
  });
});
