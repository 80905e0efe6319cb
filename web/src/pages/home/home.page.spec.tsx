import { VALID_URL_EXAMPLE } from '@pixtract/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { PROCESSING_DELAY_MS } from '../../features/extraction/extraction-form.component';
import { signedIn, signedOut as signedOutStatus } from '../../test/auth-fixtures';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

describe('home hero', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const renderHome = () => renderWithProviders('/', { advanceTimers: jest.advanceTimersByTime });

  it('shows the tagline, banner and URL box in the product words', async () => {
    renderHome();
    expect(await screen.findByRole('heading', { name: 'GET ANY IMAGE INSTANTLY' })).toBeInTheDocument();
    expect(screen.getByText('[Official] Online Free | 20M+ Images Downloaded')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter website URL')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extract Images' })).toBeEnabled();
  });

  it('ignores an empty or blank URL', async () => {
    const { router, user } = renderHome();
    await user.click(await screen.findByRole('button', { name: 'Extract Images' }));
    await user.type(screen.getByPlaceholderText('Enter website URL'), '   {Enter}');
    act(() => jest.advanceTimersByTime(PROCESSING_DELAY_MS * 2));

    expect(screen.getByRole('button', { name: 'Extract Images' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  // A host needs a dot, or is localhost or an IP literal: "foo" and "ht!tp://::" parse as URLs but name no site.
  it.each(['https://exa mple.com', 'foo', 'ht!tp://::'])(
    'explains an invalid URL (%p) inline and stays on the page',
    async (typed) => {
      const { router, user } = renderHome();
      const input = await screen.findByPlaceholderText('Enter website URL');
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: 'Extract Images' }));

      expect(screen.getByRole('alert')).toHaveTextContent(VALID_URL_EXAMPLE);
      expect(input).toHaveAccessibleDescription(VALID_URL_EXAMPLE);
      expect(input).toBeInvalid();
      act(() => jest.advanceTimersByTime(PROCESSING_DELAY_MS * 2));
      expect(router.state.location.pathname).toBe('/');

      await user.type(input, 'x');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('shows Processing... for one second, then opens the results with https:// prepended', async () => {
    const { router, user } = renderHome();
    await user.type(await screen.findByPlaceholderText('Enter website URL'), 'example.com/gallery');
    await user.click(screen.getByRole('button', { name: 'Extract Images' }));

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(PROCESSING_DELAY_MS - 1));
    expect(router.state.location.pathname).toBe('/');

    await act(async () => jest.advanceTimersByTime(1));
    expect(router.state.location.pathname).toBe('/results');
    expect(new URLSearchParams(router.state.location.search).get('url')).toBe('https://example.com/gallery');
  });

  it('keeps the visitor in their language: from /fr the results open at /fr/results', async () => {
    const { router, user } = renderWithProviders('/fr', { advanceTimers: jest.advanceTimersByTime });
    await user.type(await screen.findByPlaceholderText("Saisissez l'adresse du site web"), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Extraire les images' }));
    await act(async () => jest.advanceTimersByTime(PROCESSING_DELAY_MS));
    expect(router.state.location.pathname).toBe('/fr/results');
  });

  it("takes the free plan's Get Started to the address box, focused, without leaving the page", async () => {
    const { router, user } = renderHome();
    const pricing = await screen.findByRole('region', { name: 'Pricing' });
    await user.click(within(pricing).getByRole('link', { name: 'Get Started' }));
    expect(screen.getByPlaceholderText('Enter website URL')).toHaveFocus();
    expect(router.state.location.pathname).toBe('/');
  });

  it('writes the visited key on the first visit', async () => {
    localStorage.removeItem('visited');
    renderHome();
    await screen.findByPlaceholderText('Enter website URL');
    expect(localStorage.getItem('visited')).toBe('true');
  });

  it('waits for an extraction from the address box under a full-screen overlay: animated bar, a new quote every 20 s', async () => {
    fakeApi({
      'POST /api/extractions': { status: 202, body: { extractionId: 'ex-1' } },
      'GET /api/extractions/ex-1': {
        status: 200,
        body: {
          extractionId: 'ex-1',
          url: 'https://example.com/',
          status: 'running',
          progress: { stage: 'loading', percent: 10, imagesFound: 0 },
        },
      },
    });
    const { user } = renderHome();
    await user.type(await screen.findByPlaceholderText('Enter website URL'), 'example.com{Enter}');
    await act(async () => jest.advanceTimersByTime(PROCESSING_DELAY_MS));

    const overlay = await screen.findByTestId('loading-overlay');
    expect(within(overlay).getByRole('heading', { name: 'Extracting images...' })).toBeInTheDocument();
    expect(within(overlay).getByRole('progressbar').firstElementChild).toHaveAttribute('data-animated', 'true');
    expect(overlay).toHaveTextContent('A picture is worth a thousand words.');
    act(() => jest.advanceTimersByTime(20_000));
    expect(overlay).not.toHaveTextContent('A picture is worth a thousand words.');
    expect(overlay).toHaveTextContent('Photography is the story I fail to put into words.');
  });
});

describe('home hero: how far to read', () => {
  const signedOut = { status: 200, body: signedOutStatus };
  const crawlId = '0b8f3a52-7c1d-4a3e-9f0e-2d6b1c4e5a70';
  const crawlView = {
    crawlId,
    status: 'queued',
    scope: 'gallery',
    startUrl: 'https://example.com/gallery',
    maxPages: 10,
    pagesDone: 0,
    pagesFailed: 0,
    pagesFound: 1,
    imagesFound: 0,
    reading: [],
    pages: [],
    files: [],
    warnings: [],
    warningDetails: [],
    createdAt: '2026-12-06T10:00:00.000Z',
  };

  it('offers the five scopes, This page first, with the plan’s page limit', async () => {
    fakeApi({ 'GET /api/auth/status': signedOut });
    const { user } = renderWithProviders('/');
    const scope = await screen.findByRole('combobox', { name: 'Read' });
    expect(
      within(scope)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'This page',
      'This page and the pages it links to',
      'The whole gallery',
      'The whole site',
      'A list of addresses',
    ]);
    expect(scope).toHaveValue('page');
    await user.selectOptions(scope, 'site');
    expect(scope).toHaveAccessibleDescription('Up to 10 pages with your plan');
    expect(screen.getByRole('button', { name: 'Start crawl' })).toBeInTheDocument();
  });

  it('says a member’s plan’s limit: a Startup subscriber reads 2,000 pages', async () => {
    fakeApi({
      'GET /api/auth/status': { status: 200, body: signedIn({ role: 'premium', membershipPlan: 'startup-monthly' }) },
    });
    const { user } = renderWithProviders('/');
    await within(await screen.findByRole('banner')).findByRole('link', { name: 'My Account' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Read' }), 'gallery');
    expect(screen.getByText('Up to 2,000 pages with your plan')).toBeInTheDocument();
  });

  it('starts a crawl of the whole gallery and opens its page', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/status': signedOut,
      'POST /api/crawls': { status: 202, body: { crawlId } },
      [`GET /api/crawls/${crawlId}`]: { status: 200, body: crawlView },
    });
    const { router, user } = renderWithProviders('/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Read' }), 'gallery');
    await user.type(screen.getByPlaceholderText('Enter website URL'), 'example.com/gallery');
    await user.click(screen.getByRole('button', { name: 'Start crawl' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/crawls/${crawlId}`));
    expect(calls.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/crawls',
      body: { scope: 'gallery', url: 'https://example.com/gallery' },
    });
    expect(await screen.findByTestId('crawl-status')).toHaveTextContent('Queued');
  });

  it('checks a list of addresses inline: the count against the plan’s limit, then each line that is no address', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/status': signedOut,
      'POST /api/crawls': { status: 202, body: { crawlId } },
      [`GET /api/crawls/${crawlId}`]: { status: 200, body: { ...crawlView, scope: 'list' } },
    });
    const { router, user } = renderWithProviders('/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Read' }), 'list');
    const box = screen.getByRole('textbox', { name: 'Web addresses, one a line' });

    const eleven = Array.from({ length: 11 }, (_, i) => `example.com/p${i}`).join('\n');
    await user.click(box);
    await user.paste(eleven);
    expect(screen.getByText('11 of 10 addresses')).toBeInTheDocument();
    expect(
      screen.getByText('That list has more addresses than your plan reads in one crawl: at most 10.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start crawl' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(box);
    await user.paste('example.com/a\nnot an address\nexample.com/b');
    expect(screen.getByText('2 of 10 addresses')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start crawl' }));
    expect(screen.getByText('1 line is not a web address')).toBeInTheDocument();
    expect(screen.getByText(`Line 2: ${VALID_URL_EXAMPLE}`)).toBeInTheDocument();
    expect(box).toBeInvalid();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(box);
    await user.paste('example.com/a\nexample.com/b');
    await user.click(screen.getByRole('button', { name: 'Start crawl' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/crawls/${crawlId}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      scope: 'list',
      urls: ['https://example.com/a', 'https://example.com/b'],
    });
  });

  it('says why the server refused the crawl, in the catalogue’s words, and stays', async () => {
    fakeApi({
      'GET /api/auth/status': signedOut,
      'POST /api/crawls': {
        status: 429,
        body: {
          statusCode: 429,
          code: 'DAILY_LIMIT_REACHED',
          message: 'Daily Limit Reached',
          limits: { total: 500, used: 500, remaining: 0, role: 'free' },
        },
      },
    });
    const { router, user } = renderWithProviders('/');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Read' }), 'links');
    await user.type(screen.getByPlaceholderText('Enter website URL'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Start crawl' }));
    expect(await screen.findByText("You've reached your daily limit of 500 images.")).toBeInTheDocument();
    expect(screen.getByText('The crawl could not start')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
