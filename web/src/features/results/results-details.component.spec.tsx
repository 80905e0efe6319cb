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

/** Every field of each archive form posted: form.submit() is the browser's navigation, so it is read instead of run. */
function postedForms(): Array<Record<string, string>> {
  const posted: Array<Record<string, string>> = [];
  jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push(
      Object.fromEntries(
        [...this.elements].map((field) => [(field as HTMLInputElement).name, (field as HTMLInputElement).value]),
      ),
    );
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
      `/api/proxy-image?${new URLSearchParams({
        url: site('car-1600.jpg'),
        sourceUrl: pageUrl,
        download: '1',
        naming: '{n}-{alt}',
        n: '1',
        alt: 'Red car',
      })}`,
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
    const forms = postedForms();
    const posted = (n: number): Array<{ fileUrl: string }> => JSON.parse(forms[n].imageUrls);
    const { user } = open();
    await grid();
    const sizes = screen.getByLabelText('Sizes in the ZIP');
    expect(sizes).toHaveDisplayValue('Largest size only');

    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    expect(posted(0).map((image) => image.fileUrl)).toEqual([site('car-1600.jpg'), site('old.jpg')]);

    await user.selectOptions(sizes, 'All sizes');
    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    expect(posted(1).map((image) => image.fileUrl)).toEqual([
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
    const tileSize = within(tile).getByText('٨٠٠ × ٥٣٣');
    expect(tileSize.closest('[dir="ltr"]')).not.toBeNull();
    expect(screen.getByTitle(pageUrl).closest('[dir="ltr"]')).not.toBeNull();

    await user.click(within(tile).getAllByRole('button')[0]);
    const dialog = await screen.findByRole('dialog');
    const dialogSize = within(dialog).getByText('٨٠٠ × ٥٣٣');
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

describe('save as and file names', () => {
  const animated: ExtractedFile = { fileUrl: site('spinner.gif'), alt: 'Spinner', width: 32, height: 32 };
  const downloadParams = (link: HTMLElement) =>
    Object.fromEntries(new URL(link.getAttribute('href')!, 'https://pixtract.example').searchParams);

  beforeEach(() => localStorage.clear());

  it('saves every download and the ZIP in the chosen format, remembered for the next visit', async () => {
    storedExtraction([photo, animated]);
    const posted = postedForms();
    const { user } = open();
    const tile = within(await grid()).getAllByRole('listitem')[0];
    expect(downloadParams(within(tile).getByRole('link', { name: 'Download image 1' }))).not.toHaveProperty('format');

    await user.selectOptions(screen.getByLabelText('Save as'), 'PNG');
    expect(downloadParams(within(tile).getByRole('link', { name: 'Download image 1' }))).toMatchObject({
      url: site('car-800.jpg'),
      format: 'png',
      download: '1',
      naming: '{n}-{alt}',
      n: '1',
      alt: 'Red car',
    });
    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    expect(posted[0]).toMatchObject({ format: 'png', naming: '{n}-{alt}' });
    expect(JSON.parse(posted[0].imageUrls)[0].variants).toHaveLength(3);
    expect(JSON.parse(localStorage.getItem('downloadSettings')!)).toEqual({ format: 'png', naming: '{n}-{alt}' });
  });

  it("takes the page's own file when it offers the picture in the chosen format", async () => {
    localStorage.setItem('downloadSettings', JSON.stringify({ format: 'webp', naming: '{n}-{alt}' }));
    storedExtraction([{ ...photo, variants: [...photo.variants!, { fileUrl: site('car-800.webp'), width: 800 }] }]);
    open();
    const tile = within(await grid()).getAllByRole('listitem')[0];
    expect(downloadParams(within(tile).getByRole('link', { name: 'Download image 1' }))).toMatchObject({
      url: site('car-800.webp'),
      format: 'webp',
    });
  });

  it('previews the naming pattern live, refuses unknown tokens, and names downloads and the ZIP with it', async () => {
    storedExtraction([photo]);
    const posted = postedForms();
    const { user } = open();
    // Held from the start: typing outlasts the seed's 3 s load timeout, which hides the (unloaded) tile.
    const tileDownload = within(await grid()).getByRole('link', { name: 'Download image 1' });
    const field = screen.getByLabelText('File names');
    expect(field).toHaveValue('{n}-{alt}');
    expect(screen.getByText('001-Red_car.jpg')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Save as'), 'PNG');
    await user.clear(field);
    await user.type(field, '{{n}-{{alt}-{{w}x{{h}-{{colour}');
    expect(screen.getByText('Use only {n}, {alt}, {name}, {w}, {h}, {host} and {page}.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    for (let i = 0; i < '-{colour}'.length; i++) await user.type(field, '{Backspace}');
    expect(screen.getByText('001-Red_car-800x533.png')).toBeInTheDocument();

    expect(downloadParams(tileDownload).naming).toBe('{n}-{alt}-{w}x{h}');
    await user.click(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    expect(posted[0].naming).toBe('{n}-{alt}-{w}x{h}');
    expect(JSON.parse(localStorage.getItem('downloadSettings')!).naming).toBe('{n}-{alt}-{w}x{h}');
  });

  it('says in the preview that an animated picture keeps only its first frame in PNG, not in WebP', async () => {
    storedExtraction([animated]);
    const { user } = open();
    await user.click(within(await grid()).getByRole('button', { name: 'Preview image 1' }));
    const dialog = await screen.findByRole('dialog', { name: /^Image Preview / });
    const note = /keep only their first frame/;
    expect(within(dialog).queryByText(note)).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Save as'), 'PNG');
    expect(within(dialog).getByText(note)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('download', '001-Spinner.png');
    await user.selectOptions(within(dialog).getByLabelText('Save as'), 'WebP');
    expect(within(dialog).queryByText(note)).not.toBeInTheDocument();
  });
});
