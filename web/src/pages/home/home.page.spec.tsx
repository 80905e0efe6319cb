import { VALID_URL_EXAMPLE } from '@pixtract/contracts';
import { act, screen, within } from '@testing-library/react';
import { PROCESSING_DELAY_MS } from '../../features/extraction/extraction-form.component';
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
