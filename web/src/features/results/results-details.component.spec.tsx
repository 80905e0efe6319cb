import type { ExtractedFile, ExtractionResponse, ExtractionView } from '@pixtract/contracts';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-with-providers';

const extractionId = 'ex-details';
const pageUrl = 'https://site.example/gallery/';
const site = (name: string) => `https://site.example/${name}`;

const photo: ExtractedFile = {
  fileUrl: site('car-800.jpg'),
  alt: 'Red car',
  width: 800,
  height: 533,
  kind: 'photo',
  variants: [
    { fileUrl: site('car-200.jpg'), width: 200, height: 133 },
    { fileUrl: site('car-1600.jpg'), width: 1600, height: 1067 },
  ],
};
const icons: ExtractedFile[] = ['menu', 'close', 'search'].map((name) => ({
  fileUrl: site(`${name}.svg`),
  alt: name,
  width: 24,
  height: 24,
  kind: 'icon',
}));
const storedBeforeKinds: ExtractedFile = { fileUrl: site('old.jpg'), alt: 'Old photo', width: 400, height: 300 };

/** A stored, finished extraction of the gallery page. */
function storedExtraction(files: ExtractedFile[]) {
  const result: ExtractionResponse = {
    files,
    sourceUrl: pageUrl,
    warnings: [],
    limits: { total: 500, used: files.length, remaining: 500 - files.length, role: 'free' },
    performanceInfo: { timeMs: 900, method: 'browser' },
  };
  const view: ExtractionView = {
    extractionId,
    url: pageUrl,
    status: 'completed',
    result,
    extractedAt: new Date().toISOString(),
  };
  fakeApi({
    'GET /api/auth/status': { status: 200, body: { isAuthenticated: false, user: null } },
    [`GET /api/extractions/${extractionId}`]: { status: 200, body: view },
    'GET /api/comments': { status: 200, body: [] },
  });
}

const open = (language = '') =>
  renderWithProviders(`${language}/results?url=${encodeURIComponent(pageUrl)}&id=${extractionId}`);
const grid = () => screen.findByRole('list', { name: /Extracted images|الصور المستخرجة/ });
const tileNames = async () =>
  within(await grid())
    .getAllByRole('listitem')
    .map((tile) => within(tile).getAllByRole('paragraph')[0].textContent);

/** What the archive form would post: form.submit() is the browser's navigation, so it is read instead of run. */
function postedArchives(): Array<{ fileUrl: string; width?: number }[]> {
  const posted: Array<{ fileUrl: string; width?: number }[]> = [];
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push(JSON.parse((this.elements.namedItem('imageUrls') as HTMLInputElement).value));
  });
  return posted;
}

describe('the Kind filter', () => {
  it('hides icons by default, says how many, and shows them on request; a file without kind is a photo', async () => {
    storedExtraction([photo, ...icons, storedBeforeKinds]);
    const { user } = open();
    expect(await tileNames()).toEqual(['Red car', 'Old photo']);
    const kinds = screen.getByRole('group', { name: 'Kind' });
    expect(within(kinds).getByRole('button', { name: 'Icons' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(kinds).getByRole('button', { name: 'Photos' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('3 icons hidden')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show icons' }));
    expect(await tileNames()).toEqual(['Red car', 'menu', 'close', 'search', 'Old photo']);
    expect(screen.queryByText(/icons hidden/)).not.toBeInTheDocument();

    await user.click(within(kinds).getByRole('button', { name: 'Photos' }));
    expect(await tileNames()).toEqual(['menu', 'close', 'search']);
    expect(screen.getByText('2 photos hidden')).toBeInTheDocument();
  });

  it('words the hidden count in Arabic', async () => {
    storedExtraction([photo, ...icons]);
    open('/ar');
    expect(await screen.findByText('٣ أيقونات مخفية')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إظهار الأيقونات' })).toBeInTheDocument();
  });
});

describe('the other sizes of a picture', () => {
  it('lists them in the preview, largest first, each a download of its own', async () => {
    storedExtraction([photo]);
    const { user } = open();
    await user.click(within(await grid()).getByRole('button', { name: 'Preview image 1' }));
    const dialog = await screen.findByRole('dialog', { name: /^Image Preview / });
    expect(within(dialog).getByText('Also available')).toBeInTheDocument();
    const downloads = within(dialog).getAllByRole('link', { name: /^Download \d+ × \d+$/ });
    expect(downloads.map((link) => link.textContent)).toEqual(['1600 × 1067', '200 × 133']);
    expect(downloads[0]).toHaveAttribute(
      'href',
      `/api/proxy-image?${new URLSearchParams({ url: site('car-1600.jpg'), download: '1' })}`,
    );
    expect(downloads[0]).toHaveAttribute('download');
  });

  it('says nothing of other sizes when the page offers none', async () => {
    storedExtraction([storedBeforeKinds]);
    const { user } = open();
    await user.click(within(await grid()).getByRole('button', { name: 'Preview image 1' }));
    const dialog = await screen.findByRole('dialog', { name: /^Image Preview / });
    expect(within(dialog).queryByText('Also available')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Sizes in the ZIP')).not.toBeInTheDocument();
  });

  it('puts the largest size of each picture in the ZIP by default, every size when asked', async () => {
    storedExtraction([photo, storedBeforeKinds]);
    const posted = postedArchives();
    const { user } = open();
    await grid();
    const sizes = screen.getByLabelText('Sizes in the ZIP');
    expect(sizes).toHaveDisplayValue('Largest size only');

    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    expect(posted[0].map((image) => image.fileUrl)).toEqual([site('car-1600.jpg'), site('old.jpg')]);

    await user.selectOptions(sizes, 'All sizes');
    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    expect(posted[1].map((image) => image.fileUrl)).toEqual([
      site('car-1600.jpg'),
      site('old.jpg'),
      site('car-800.jpg'),
      site('car-200.jpg'),
    ]);
  });
});

describe('sizes and addresses in Arabic', () => {
  it('keeps the address and the size left to right, and a size reads the same in the tile and the dialog', async () => {
    storedExtraction([photo]);
    const { user } = open('/ar');
    const tile = within(await grid()).getAllByRole('listitem')[0];
    const tileSize = within(tile).getByText('800 × 533');
    expect(tileSize.closest('[dir="ltr"]')).not.toBeNull();
    expect(screen.getByTitle(pageUrl).closest('[dir="ltr"]')).not.toBeNull();

    await user.click(within(tile).getAllByRole('button')[0]);
    const dialog = await screen.findByRole('dialog');
    const dialogSize = within(dialog).getByText('800 × 533');
    expect(dialogSize.textContent).toBe(tileSize.textContent);
    expect(dialogSize.closest('[dir="ltr"]')).not.toBeNull();
    expect(within(dialog).getByRole('link', { name: photo.fileUrl })).toHaveAttribute('dir', 'ltr');
  });

  it('offers no Date sort', async () => {
    storedExtraction([photo]);
    const { user } = open();
    await grid();
    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    expect(await screen.findAllByRole('menuitemradio')).toHaveLength(3);
    for (const order of ['Default', 'Size (largest first)', 'Position (as on page)'])
      expect(screen.getByRole('menuitemradio', { name: order })).toBeInTheDocument();
  });
});
