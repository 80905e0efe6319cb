import type { ExtractionResponse, ExtractionView } from '@pixtract/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { renderWithProviders } from '../../test/render-with-providers';

const extractionId = 'ex-1';
const url = 'https://example.com/';

const view = (fields: Partial<ExtractionView> = {}): ExtractionView => ({
  extractionId,
  url,
  status: 'queued',
  ...fields,
});

const result = (files: ExtractionResponse['files'], fields: Partial<ExtractionResponse> = {}): ExtractionResponse => ({
  files,
  sourceUrl: url,
  warnings: [],
  limits: { total: 500, used: files.length, remaining: 500 - files.length, role: 'free' },
  performanceInfo: { timeMs: 1200, method: 'browser' },
  ...fields,
});

const files: ExtractionResponse['files'] = [
  { fileUrl: 'https://example.com/cat.png', alt: 'A cat', width: 640, height: 480 },
  { fileUrl: 'https://example.com/no-alt.jpg?size=big&x=1' },
];

/** POST queues the job; every GET (the first load and the catch-up after the follow) answers `gets` in turn. */
function extractionApi(gets: ExtractionView[] = [view()]) {
  return fakeApi({
    'POST /api/extractions': { status: 202, body: { extractionId } },
    [`GET /api/extractions/${extractionId}`]: gets.map((body) => ({ status: 200, body })),
    // The page's comments, below a finished extraction.
    'GET /api/comments': { status: 200, body: [] },
  });
}

/** Plays server events; RTK Query batches socket cache updates and tells React on the next animation frame. */
async function serverSends(send: () => void) {
  await act(async () => {
    send();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

async function renderFollowing(path = '/results?url=example.com') {
  const socket = new FakeSocket();
  const rendered = renderWithProviders(path, { socket });
  await waitFor(() => expect(socket.followed).toEqual([extractionId]));
  return rendered;
}

/** Text on screen, not the live region that repeats the stage for screen readers. */
const shownText = (text: string) =>
  screen.getByText(text, { ignore: 'script, style, [data-testid="extraction-announcement"]' });

/** A download link's query: the proxy's address of the file, and the download flags the visitor's settings add. */
const downloadParams = (link: HTMLElement) =>
  Object.fromEntries(new URL(link.getAttribute('href') ?? '', 'http://pixtract.test').searchParams);

describe('results page', () => {
  it('starts one extraction of the URL with https:// prepended, even under StrictMode', async () => {
    const { calls } = extractionApi();
    await renderFollowing();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/extractions', body: { url } },
    ]);
  });

  it('shows progress exactly as the socket reports it', async () => {
    extractionApi();
    const { socket } = await renderFollowing();

    expect(screen.getByRole('heading', { name: 'Extracting images...' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    expect(shownText('Queued')).toBeInTheDocument();

    await serverSends(() =>
      socket.serverEmit('extraction:progress', { extractionId, stage: 'scrolling', percent: 40, imagesFound: 7 }),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(shownText('Scrolling')).toBeInTheDocument();
    expect(screen.getByText('7 images found so far')).toBeInTheDocument();

    // Another extraction's events are not this page's business.
    await serverSends(() =>
      socket.serverEmit('extraction:progress', {
        extractionId: 'ex-2',
        stage: 'measuring',
        percent: 90,
        imagesFound: 70,
      }),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    await serverSends(() =>
      socket.serverEmit('extraction:progress', { extractionId, stage: 'measuring', percent: 85, imagesFound: 12 }),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '85');
    expect(shownText('Measuring')).toBeInTheDocument();
    expect(screen.getByText('12 images found so far')).toBeInTheDocument();
  });

  it('counts the time and the bytes received while a slow page loads', async () => {
    extractionApi();
    const { socket } = await renderFollowing();
    await serverSends(() =>
      socket.serverEmit('extraction:progress', {
        extractionId,
        stage: 'loading',
        percent: 14,
        imagesFound: 0,
        elapsedMs: 12_400,
        bytesReceived: 1_430_000,
      }),
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '14');
    expect(screen.getByTestId('extraction-elapsed')).toHaveTextContent(/^1[23] sec elapsed$/);
    expect(screen.getByTestId('extraction-received')).toHaveTextContent('1.4 MB received');
    // Opened directly (not from the address box): the wait stays in the page, no overlay.
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });

  it.each([
    ['/results?url=example.com', 0, '0 bytes received'],
    ['/results?url=example.com', 1, '1 byte received'],
    ['/ar/results?url=example.com', 0, 'لم يُستلم أي بايت'],
    ['/ar/results?url=example.com', 2, 'استُلم بايتان'],
    ['/ar/results?url=example.com', 5, 'استُلمت ٥ بايتات'],
    ['/ru/results?url=example.com', 3, 'Получено 3 байта'],
  ])('says a byte count below a kilobyte with the plural rules of the language (%s, %d)', async (path, bytes, said) => {
    extractionApi();
    const { socket } = await renderFollowing(path);
    await serverSends(() =>
      socket.serverEmit('extraction:progress', {
        extractionId,
        stage: 'loading',
        percent: 5,
        imagesFound: 0,
        elapsedMs: 1_000,
        bytesReceived: bytes,
      }),
    );
    expect(screen.getByTestId('extraction-received')).toHaveTextContent(said);
  });

  it('says what the worker pressed on the page to reach its images', async () => {
    extractionApi();
    const { socket } = await renderFollowing();
    expect(screen.queryByTestId('extraction-revealed')).not.toBeInTheDocument();
    await serverSends(() =>
      socket.serverEmit('extraction:progress', {
        extractionId,
        stage: 'scrolling',
        percent: 30,
        imagesFound: 16,
        revealed: { consentAccepted: true, loadMorePresses: 3 },
      }),
    );
    expect(screen.getByTestId('extraction-revealed')).toHaveTextContent(
      'Accepted the cookie notice · Pressed Load more 3 times',
    );
  });

  it('shows the images found so far while they are measured', async () => {
    extractionApi();
    const { socket } = await renderFollowing();
    expect(screen.queryByRole('list', { name: 'Images found so far' })).not.toBeInTheDocument();
    const files = [
      { fileUrl: 'https://example.com/a.jpg', alt: 'A lake', position: 0 },
      { fileUrl: 'https://example.com/b.png', position: 1 },
    ];
    await serverSends(() =>
      socket.serverEmit('extraction:progress', {
        extractionId,
        stage: 'measuring',
        percent: 85,
        imagesFound: 2,
        files,
      }),
    );
    const preview = screen.getByRole('list', { name: 'Images found so far' });
    expect(within(preview).getAllByRole('listitem')).toHaveLength(2);
    expect(within(preview).getByRole('img', { name: 'A lake' })).toHaveAttribute('src', 'https://example.com/a.jpg');
  });

  it('shows the grid on completion, with fallbacks for missing alt text and dimensions', async () => {
    extractionApi();
    const { socket } = await renderFollowing();

    await serverSends(() => socket.serverEmit('extraction:completed', { extractionId, result: result(files) }));

    expect(screen.getByRole('heading', { name: 'Extracted Images' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: url })).toHaveAttribute('href', url);
    expect(screen.getByText('2 images')).toBeInTheDocument();

    const tiles = within(screen.getByRole('list', { name: 'Extracted images' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(2);

    const [cat, unnamed] = tiles.map((tile) => within(tile));
    expect(cat.getByText('1')).toBeInTheDocument();
    expect(await cat.findByRole('img', { name: 'A cat' })).toHaveAttribute('src', files[0].fileUrl);
    expect(cat.getByText('640 × 480')).toBeInTheDocument();

    expect(unnamed.getByText('2')).toBeInTheDocument();
    expect(unnamed.getByText('No alt text')).toBeInTheDocument();
    expect(unnamed.getByText('Dimensions unknown')).toBeInTheDocument();
    // Loads start 50 ms apart.
    expect(await unnamed.findByRole('img', { name: 'Image 2' })).toHaveAttribute('src', files[1].fileUrl);
    expect(downloadParams(unnamed.getByRole('link', { name: 'Download image 2' }))).toMatchObject({
      url: files[1].fileUrl,
      download: '1',
    });

    // Hidden until hover, but still there for keyboard users: focus reveals it.
    const download = cat.getByRole('link', { name: 'Download image 1' });
    act(() => download.focus());
    expect(download).toHaveFocus();
  });

  it('falls back to the proxied thumbnail, then leaves out an image that cannot load at all, and says so', async () => {
    extractionApi();
    const { socket, user } = await renderFollowing();
    await serverSends(() => socket.serverEmit('extraction:completed', { extractionId, result: result(files) }));

    const [tile] = within(screen.getByRole('list', { name: 'Extracted images' })).getAllByRole('listitem');
    const image = await within(tile).findByRole('img', { name: 'A cat' });
    expect(image).toHaveAttribute('src', files[0].fileUrl);

    await act(() => image.dispatchEvent(new Event('error')));
    expect(image).toHaveAttribute(
      'src',
      `/api/proxy-image?url=${encodeURIComponent(files[0].fileUrl)}&sourceUrl=${encodeURIComponent(url)}&w=640`,
    );
    expect(tile).toBeVisible();

    await act(() => image.dispatchEvent(new Event('error')));
    expect(tile).not.toBeVisible();
    // Left out, but said, and listed on demand.
    expect(screen.getByTestId('load-failures')).toHaveTextContent('1 shown · 1 could not be loaded');
    // The header counts the images shown, not the ones left out.
    expect(screen.getByText('1 image')).toBeInTheDocument();
    expect(screen.queryByText('2 images')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show which' }));
    const failed = screen.getByRole('list', { name: 'Images that could not be loaded' });
    expect(within(failed).getByRole('link', { name: files[0].fileUrl })).toHaveAttribute('href', files[0].fileUrl);
    expect(within(failed).getByText('Image 1')).toBeInTheDocument();
  });

  it('tells the ZIP’s progress every 10 images and ends with its success percentage, counting what the header counts', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      fileUrl: `https://example.com/${i}.png`,
      width: 10,
      height: 10,
    }));
    const posted: Array<Record<string, string>> = [];
    jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      posted.push(Object.fromEntries([...this.querySelectorAll('input')].map((input) => [input.name, input.value])));
    });
    extractionApi();
    const { socket, user } = await renderFollowing();
    await serverSends(() => socket.serverEmit('extraction:completed', { extractionId, result: result(many) }));
    expect(screen.getByText('12 images')).toBeInTheDocument();
    expect(await screen.findByText('Found 12 images on \u2066https://example.com/\u2069.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const [downloadId] = socket.downloads;
    expect(posted[0]).toMatchObject({ sourceUrl: url, downloadId });
    expect(JSON.parse(posted[0].imageUrls)).toHaveLength(12);
    expect(await screen.findByText('Your ZIP with 12 images is being prepared.')).toBeInTheDocument();

    const progress = (written: number, failed: number, finished = false) =>
      socket.serverEmit('download:progress', { downloadId, written, failed, total: 12, finished });
    await serverSends(() => progress(9, 0));
    expect(screen.queryByText('Preparing your ZIP')).not.toBeInTheDocument();
    await serverSends(() => progress(9, 1));
    expect(screen.getByText('Preparing your ZIP')).toBeInTheDocument();
    expect(screen.getByText('10 of 12 images added.')).toBeInTheDocument();
    await serverSends(() => progress(11, 1));
    await serverSends(() => progress(11, 1, true));
    expect(screen.getByText('ZIP ready')).toBeInTheDocument();
    expect(
      screen.getByText('Your ZIP holds 11 of 12 images (92% downloaded). The rest are listed in failed-downloads.txt.'),
    ).toBeInTheDocument();
    expect(socket.downloadsLeft).toEqual([downloadId]);
  });

  it('catches up with a job that completed before the socket joined its room', async () => {
    extractionApi([
      view({ status: 'running', progress: { stage: 'collecting', percent: 60, imagesFound: 2 } }),
      view({ status: 'completed', result: result(files) }),
    ]);
    renderWithProviders('/results?url=example.com');

    const grid = await screen.findByRole('list', { name: 'Extracted images' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
  });

  it('follows again after a reconnect and catches up with what it missed', async () => {
    extractionApi([view(), view(), view({ status: 'completed', result: result(files) })]);
    const { socket } = await renderFollowing();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();

    await serverSends(() => socket.reconnect());
    expect(socket.followed).toEqual([extractionId, extractionId]);
    expect(await screen.findByRole('list', { name: 'Extracted images' })).toBeInTheDocument();
  });

  it('does not follow a settled extraction again after a reconnect', async () => {
    const { calls } = extractionApi();
    const { socket } = await renderFollowing();
    await serverSends(() => socket.serverEmit('extraction:completed', { extractionId, result: result(files) }));
    const requestsBefore = calls.length;

    await serverSends(() => socket.reconnect());
    expect(socket.followed).toEqual([extractionId]);
    expect(calls).toHaveLength(requestsBefore);
    expect(screen.getByRole('list', { name: 'Extracted images' })).toBeInTheDocument();
  });

  it('says so when the page has no images, and offers another URL', async () => {
    extractionApi();
    const { socket, user, router } = await renderFollowing();
    await serverSends(() => socket.serverEmit('extraction:completed', { extractionId, result: result([]) }));

    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { name: 'No images found' })).toBeInTheDocument();
    expect(
      main.getByText("We couldn't find any images on this website. Try a different page or URL."),
    ).toBeInTheDocument();
    expect(main.getByRole('heading', { name: 'Likely causes' })).toBeInTheDocument();
    expect(main.getAllByRole('listitem').map((cause) => cause.textContent)).toEqual([
      'The site refused our visit (some sites block automated browsers).',
      'The page needs a login before it shows its images.',
      'Its pictures are drawn in a canvas or play as video, not as image files.',
      'The page is empty, or its content had not loaded yet.',
    ]);
    await user.click(screen.getByRole('link', { name: 'Try a different URL' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The hero (not the results page's box, gone with its page) holds the address that found nothing, selected:
    // typing replaces it.
    await screen.findByRole('heading', { name: 'GET ANY IMAGE INSTANTLY' });
    const field = await screen.findByRole('textbox', { name: /URL/i });
    expect(field).toHaveValue(url);
    await waitFor(() => expect(field).toHaveFocus());
    expect([(field as HTMLInputElement).selectionStart, (field as HTMLInputElement).selectionEnd]).toEqual([
      0,
      url.length,
    ]);
  });

  it("shows the latest result in the home page's try-it area: first images, both downloads, the full results", async () => {
    extractionApi();
    const { socket, user } = await renderFollowing();
    await serverSends(() => socket.serverEmit('extraction:completed', { extractionId, result: result(files) }));
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));

    const latest = await screen.findByTestId('latest-result');
    expect(within(latest).getAllByRole('img')).toHaveLength(2);
    expect(within(latest).getByRole('img', { name: 'A cat' })).toHaveAttribute('loading', 'lazy');
    expect(within(latest).getByRole('button', { name: 'DOWNLOAD ALL AS ZIP' })).toBeInTheDocument();
    const list = within(latest).getByRole('region', { name: 'Extracted Images' });
    expect(within(list).getByRole('button', { name: 'Download All' })).toBeInTheDocument();
    expect(downloadParams(within(list).getByRole('link', { name: 'Download image 1' }))).toMatchObject({
      url: files[0].fileUrl,
      download: '1',
    });
    expect(within(latest).getByRole('link', { name: 'Open the full results' })).toHaveAttribute(
      'href',
      `/results?url=${encodeURIComponent(url)}&id=${extractionId}`,
    );
    expect(screen.queryByRole('list', { name: 'Sample images' })).not.toBeInTheDocument();
  });

  it('folds the filters behind a Filters button that counts the active ones (shown on phones only)', async () => {
    extractionApi();
    const { socket, user } = await renderFollowing();
    await serverSends(() => socket.serverEmit('extraction:completed', { extractionId, result: result(files) }));

    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(filters).toHaveClass('sm:hidden');
    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    await user.type(screen.getByLabelText('Min. width (px)'), '100');
    await user.click(screen.getByRole('button', { name: 'Show Duplicates' }));
    expect(screen.getByRole('button', { name: 'Filters 2 active' })).toBeInTheDocument();
    expect(screen.getByTestId('active-filters')).toHaveTextContent('2');
  });

  it('shows a page that could not be read and gave nothing as the failure alone, not also as No images found', async () => {
    extractionApi();
    const { socket } = await renderFollowing();
    const message = 'We could not find that website. Check the address and try again.';
    await serverSends(() =>
      socket.serverEmit('extraction:completed', { extractionId, result: result([], { error: message }) }),
    );

    expect(screen.getByRole('alert')).toHaveTextContent(`Extraction Failed${message}`);
    expect(screen.queryByRole('heading', { name: 'No images found' })).not.toBeInTheDocument();
  });

  it.each([
    [
      '/results?url=example.com',
      'The website did not answer: it may be down or very slow. Try again later.',
      'The page did not answer within 30 seconds.',
    ],
    ['/ar/results?url=example.com', 'لم يستجب الموقع', 'لم تستجب الصفحة خلال ٣٠ ث.'],
  ])(
    'says a page that never answered in our words with the time it had, never as an HTTP status (%s)',
    async (path, error, detail) => {
      extractionApi();
      const { socket } = await renderFollowing(path);
      await serverSends(() =>
        socket.serverEmit('extraction:progress', {
          extractionId,
          stage: 'loading',
          percent: 10,
          imagesFound: 0,
          elapsedMs: 2_000,
          answerWithinMs: 30_000,
        }),
      );
      if (!path.startsWith('/ar'))
        expect(screen.getByTestId('extraction-answer-within')).toHaveTextContent('The page has up to 30 sec to answer');
      await serverSends(() =>
        socket.serverEmit('extraction:completed', {
          extractionId,
          result: result([], {
            error: 'The website did not answer: it may be down or very slow. Try again later.',
            errorCode: 'PAGE_DID_NOT_ANSWER',
            warnings: ['The page did not answer within 30 seconds.'],
            warningDetails: [{ code: 'NO_ANSWER', values: { seconds: 30 } }],
          }),
        }),
      );
      const failure = screen.getAllByRole('alert')[0];
      expect(failure).toHaveTextContent(error);
      expect(failure).toHaveTextContent(detail);
      expect(failure).not.toHaveTextContent(/HTTP/);
    },
  );

  it('gives a failure its address back, editable and focused, with Extract beside it, and no comment form', async () => {
    const { calls } = extractionApi();
    const { socket, user, router } = await renderFollowing();
    await serverSends(() =>
      socket.serverEmit('extraction:completed', {
        extractionId,
        result: result([], { error: 'We could not find that website. Check the address and try again.' }),
      }),
    );

    const field = screen.getByRole('textbox', { name: 'Website URL' });
    expect(field).toHaveValue(url);
    expect(field).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Extract' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Run again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Comments' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /comment/i })).not.toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'foo');
    await user.click(screen.getByRole('button', { name: 'Extract' }));
    expect(field).toHaveAccessibleDescription(/valid website URL/);

    await user.clear(field);
    await user.type(field, 'example.org/gallery{Enter}');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').at(-1)).toEqual({
        method: 'POST',
        path: '/api/extractions',
        body: { url: 'https://example.org/gallery', rerun: true },
      }),
    );
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('url')).toBe('https://example.org/gallery'),
    );
  });

  it('shows the images a page stopped at the time limit gave, with the warning', async () => {
    extractionApi();
    const { socket } = await renderFollowing();
    const warningDetails = [{ code: 'STOPPED_AT_TIME_LIMIT' as const }];
    await serverSends(() =>
      socket.serverEmit('extraction:completed', {
        extractionId,
        result: result(files, { warnings: ['The page took too long to load.'], warningDetails }),
      }),
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Extraction Warning');
    expect(within(screen.getByRole('list', { name: 'Extracted images' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps a page-level problem next to the images that were found', async () => {
    extractionApi();
    const { socket } = await renderFollowing();
    const message = 'The website answered 503, so these may not be all of its images.';
    await serverSends(() =>
      socket.serverEmit('extraction:completed', { extractionId, result: result(files, { error: message }) }),
    );

    expect(screen.getByRole('alert')).toHaveTextContent(`Extraction Issue${message}`);
    expect(screen.getByRole('list', { name: 'Extracted images' })).toBeInTheDocument();
  });

  it("shows the server's message when the extraction fails", async () => {
    extractionApi();
    const { socket } = await renderFollowing();
    await serverSends(() =>
      socket.serverEmit('extraction:failed', {
        extractionId,
        message: 'The page took too long to load.',
        code: 'PAGE_TIMEOUT',
      }),
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Extraction FailedThe page took too long to load.');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it("words a failure sent over the socket in the visitor's language, by its code", async () => {
    extractionApi();
    const { socket } = await renderFollowing('/fr/results?url=example.com');
    await serverSends(() =>
      socket.serverEmit('extraction:failed', {
        extractionId,
        message: 'The page took too long to load.',
        code: 'PAGE_TIMEOUT',
      }),
    );

    expect(screen.getByRole('alert')).toHaveTextContent('La page a mis trop de temps à se charger.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('The page took too long to load.');
  });

  it('shows a visitor out of images the way out: sign in (free), the plans, and when the day starts again', async () => {
    const message = "You've reached your daily limit of 1,500 images.";
    const limits = { total: 1500, used: 1500, remaining: 0, role: 'free' as const };
    fakeApi({
      'POST /api/extractions': { status: 429, body: { statusCode: 429, code: 'DAILY_LIMIT_REACHED', message, limits } },
    });
    renderWithProviders('/results?url=example.com');

    const box = await screen.findByTestId('daily-limit');
    expect(within(box).getByRole('heading', { name: 'Daily Limit Reached' })).toBeInTheDocument();
    expect(box).toHaveTextContent("You've reached your daily limit of 1,500 images.");
    expect(box).toHaveTextContent(/Your allowance resets in \d+ (hours?|minutes?) \(.+, your time\)\./);
    expect(within(box).getByRole('link', { name: 'Sign in (free) for more images' })).toHaveAttribute('href', '/auth');
    expect(within(box).getByRole('link', { name: 'Upgrade to premium' })).toHaveAttribute('href', '/pricing');
  });

  it('shows a registered member out of images the upgrade, with the numbers of their language', async () => {
    const limits = { total: 1500, used: 1500, remaining: 0, role: 'registered' as const };
    fakeApi({
      'POST /api/extractions': {
        status: 429,
        body: { statusCode: 429, code: 'DAILY_LIMIT_REACHED', message: 'limit', limits },
      },
    });
    renderWithProviders('/fr/results?url=example.com');

    const box = await screen.findByTestId('daily-limit');
    // French groups thousands with a narrow no-break space (toHaveTextContent would fold it into a space).
    expect(box.textContent).toContain('Vous avez atteint votre limite quotidienne de 1\u202f500 images.');
    expect(within(box).getByRole('link', { name: 'Passer à Premium' })).toHaveAttribute('href', '/fr/pricing');
    expect(within(box).queryByRole('link', { name: /Connectez-vous/ })).not.toBeInTheDocument();
  });

  it('writes the limit in Arabic digits in Arabic', async () => {
    const limits = { total: 1500, used: 1500, remaining: 0, role: 'registered' as const };
    fakeApi({
      'POST /api/extractions': {
        status: 429,
        body: { statusCode: 429, code: 'DAILY_LIMIT_REACHED', message: 'limit', limits },
      },
    });
    renderWithProviders('/ar/results?url=example.com');
    expect(await screen.findByTestId('daily-limit')).toHaveTextContent('١٬٥٠٠');
  });

  it('leaves the socket room when the visitor leaves the page', async () => {
    extractionApi();
    const { socket, router, store } = await renderFollowing();
    await act(() => router.navigate('/'));
    // RTK Query keeps an unused entry a while before removing it; drop it now.
    act(() => {
      store.dispatch({ type: 'api/resetApiState' });
    });
    await waitFor(() => expect(socket.unfollowed).toEqual([extractionId]));
  });

  it('sends a visit without a URL home with a Missing URL notice', async () => {
    const { router } = renderWithProviders('/results');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Missing URL')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'GET ANY IMAGE INSTANTLY' })).toBeInTheDocument();
  });

  it('names the extraction in the address, replacing it, so that reload and Back open it (audit row 12)', async () => {
    extractionApi();
    const { router } = await renderFollowing();
    expect(router.state.location.search).toBe(`?url=${encodeURIComponent(url)}&id=${extractionId}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('opens the extraction the address names without asking for another, and without news (reload, Back, history)', async () => {
    // No POST in the fake API: a request to start one would fail the test.
    const { calls } = fakeApi({
      [`GET /api/extractions/${extractionId}`]: {
        status: 200,
        body: view({
          status: 'completed',
          result: result(files),
          extractedAt: new Date(Date.now() - 120_000).toISOString(),
        }),
      },
    });
    renderWithProviders(`/results?url=example.com&id=${extractionId}`);
    expect(await screen.findByRole('list', { name: 'Extracted images' })).toBeInTheDocument();
    expect(screen.getByText('Extracted 2 minutes ago')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(screen.queryByText('Images extracted!')).not.toBeInTheDocument();
  });

  it('tells the outcome of an extraction this page started, once', async () => {
    extractionApi();
    const { socket } = await renderFollowing();
    await serverSends(() => socket.serverEmit('extraction:completed', { extractionId, result: result(files) }));
    expect(await screen.findByText('Images extracted!')).toBeInTheDocument();
  });

  it('shows a recent extraction the server answered with, without news', async () => {
    fakeApi({
      'POST /api/extractions': { status: 200, body: { extractionId: 'ex-recent', reused: true } },
      'GET /api/extractions/ex-recent': {
        status: 200,
        body: view({ extractionId: 'ex-recent', status: 'completed', result: result(files) }),
      },
    });
    const { router } = renderWithProviders('/results?url=example.com');
    expect(await screen.findByRole('list', { name: 'Extracted images' })).toBeInTheDocument();
    expect(router.state.location.search).toContain('id=ex-recent');
    expect(screen.queryByText('Images extracted!')).not.toBeInTheDocument();
  });

  it('runs the page again only when asked, and opens the new extraction', async () => {
    const { calls } = fakeApi({
      [`GET /api/extractions/${extractionId}`]: {
        status: 200,
        body: view({ status: 'completed', result: result(files) }),
      },
      'POST /api/extractions': { status: 202, body: { extractionId: 'ex-2' } },
      'GET /api/extractions/ex-2': {
        status: 200,
        body: view({
          extractionId: 'ex-2',
          status: 'running',
          progress: { stage: 'loading', percent: 10, imagesFound: 0 },
        }),
      },
    });
    const { user, router } = renderWithProviders(`/results?url=${encodeURIComponent(url)}&id=${extractionId}`);
    await user.click(await screen.findByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?url=${encodeURIComponent(url)}&id=ex-2`));
    expect(router.state.historyAction).toBe('PUSH');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/extractions', body: { url, rerun: true } },
    ]);
    expect(await screen.findByRole('heading', { name: 'Extracting images...' })).toBeInTheDocument();
  });

  it("offers the address to extract afresh where the named extraction is not this visitor's (a shared link)", async () => {
    fakeApi({
      [`GET /api/extractions/${extractionId}`]: {
        status: 404,
        body: { statusCode: 404, code: 'EXTRACTION_NOT_FOUND', message: 'No extraction with that id.' },
      },
    });
    renderWithProviders(`/results?url=example.com&id=${extractionId}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No extraction with that id.');
    expect(screen.getByRole('textbox', { name: 'Website URL' })).toHaveValue(url);
    expect(screen.getByRole('button', { name: 'Extract' })).toBeInTheDocument();
  });
});
