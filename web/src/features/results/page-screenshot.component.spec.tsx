import type { ExtractedFile } from '@pixtract/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '../../app/app-providers';
import { makeStore } from '../../app/store';
import { createI18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/fake-api';
import { FakeSocket } from '../../test/fake-socket';
import { PageScreenshot } from './page-screenshot.component';

const PAGE = 'https://site.example/gallery';
const PHOTO = 'https://site.example/photo-1200.jpg';
const UNKNOWN = "This image's place on the page is not known, so it is not outlined.";

function renderScreenshot(file: Pick<ExtractedFile, 'fileUrl' | 'variants' | 'box'>) {
  const store = makeStore({ socket: () => new FakeSocket().asExtractionSocket() });
  render(
    <AppProviders store={store} i18n={createI18n()}>
      <PageScreenshot pageUrl={PAGE} file={file} />
    </AppProviders>,
  );
  return store;
}

/** Whether the boxes were asked for: RTK Query records the request as it starts, before any fetch. */
const boxesRequested = (store: ReturnType<typeof makeStore>) =>
  Object.values(store.getState().api.queries).some((query) => query?.endpointName === 'getScreenshotBoxes');

/** jsdom loads no images: the screenshot "arrives" 1,000 px wide, like a page rendered 1,000 CSS px wide. */
function screenshotArrives() {
  const image = screen.getByAltText('Screenshot of the whole page, with the image outlined');
  Object.defineProperty(image, 'naturalWidth', { value: 1000 });
  fireEvent.load(image);
}

describe('the full-page screenshot tab', () => {
  it("outlines the image at the extraction's own box without asking the server", async () => {
    fakeApi({});
    const store = renderScreenshot({ fileUrl: PHOTO, box: { x: 100, y: 50, width: 200, height: 100 } });
    screenshotArrives();
    expect(await screen.findByTestId('image-outline')).toHaveStyle({
      left: '10cqw',
      top: '5cqw',
      width: '20cqw',
      height: '10cqw',
    });
    expect(boxesRequested(store)).toBe(false);
  });

  it("outlines an image read without a browser where the screenshot's render found it", async () => {
    const { calls } = fakeApi({
      'GET /api/screenshot-boxes': {
        status: 200,
        body: { boxes: { [PHOTO]: { x: 300, y: 400, width: 100, height: 50 } } },
      },
    });
    const store = renderScreenshot({ fileUrl: PHOTO });
    expect(boxesRequested(store)).toBe(false);
    screenshotArrives();
    expect(await screen.findByTestId('image-outline')).toHaveStyle({
      left: '30cqw',
      top: '40cqw',
      width: '10cqw',
      height: '5cqw',
    });
    expect(screen.queryByText(UNKNOWN)).not.toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', path: '/api/screenshot-boxes', body: undefined }]);
  });

  it('finds the image under another candidate of its srcset', async () => {
    fakeApi({
      'GET /api/screenshot-boxes': {
        status: 200,
        body: { boxes: { 'https://site.example/photo-400.jpg': { x: 0, y: 0, width: 500, height: 250 } } },
      },
    });
    renderScreenshot({ fileUrl: PHOTO, variants: [{ fileUrl: 'https://site.example/photo-400.jpg' }] });
    screenshotArrives();
    expect(await screen.findByTestId('image-outline')).toHaveStyle({ width: '50cqw', height: '25cqw' });
  });

  it.each([
    ['the render did not find it', { status: 200, body: { boxes: {} } }],
    ['the boxes cannot be read', { status: 502, body: { statusCode: 502, code: 'INTERNAL', message: 'x' } }],
  ])('says the place is unknown when %s', async (_case, reply) => {
    fakeApi({ 'GET /api/screenshot-boxes': reply });
    renderScreenshot({ fileUrl: PHOTO });
    screenshotArrives();
    expect(await screen.findByText(UNKNOWN)).toBeInTheDocument();
    expect(screen.queryByTestId('image-outline')).not.toBeInTheDocument();
  });
});
