import type { ExtractedFile } from '@pixtract/contracts';
import { archiveFiles, largestRendition, otherSizes } from './picture-sizes';

const site = (name: string) => `https://site.example/${name}`;

/** A picture shown at 800 px whose page also offers 1600 px and 200 px renditions (a srcset and a thumbnail). */
const photo: ExtractedFile = {
  fileUrl: site('car-800.jpg'),
  alt: 'Red car',
  width: 800,
  height: 533,
  variants: [
    { fileUrl: site('car-200.jpg'), width: 200, height: 133 },
    { fileUrl: site('car-800.jpg'), width: 800, height: 533 },
    { fileUrl: site('car-1600.jpg'), width: 1600, height: 1067 },
    { fileUrl: site('car-200.jpg'), width: 200, height: 133 },
  ],
};
const logo: ExtractedFile = { fileUrl: site('logo.svg'), alt: 'Logo' };

describe('the sizes of a picture', () => {
  it('lists the other sizes largest first, without the file itself or repeats', () => {
    expect(otherSizes(photo).map((variant) => variant.fileUrl)).toEqual([site('car-1600.jpg'), site('car-200.jpg')]);
    expect(otherSizes(logo)).toEqual([]);
  });

  it('takes a wider variant as the largest rendition, with the picture’s alt text and renditions', () => {
    expect(largestRendition(photo)).toEqual({
      fileUrl: site('car-1600.jpg'),
      alt: 'Red car',
      width: 1600,
      height: 1067,
      variants: [
        { fileUrl: site('car-800.jpg'), width: 800, height: 533 },
        { fileUrl: site('car-1600.jpg'), width: 1600, height: 1067 },
        { fileUrl: site('car-200.jpg'), width: 200, height: 133 },
      ],
    });
    expect(largestRendition(logo)).toBe(logo);
  });

  it('keeps a file of unknown width: nothing says a variant is larger', () => {
    const unmeasured = { fileUrl: site('a.jpg'), variants: [{ fileUrl: site('a-2x.jpg'), width: 2000 }] };
    expect(largestRendition(unmeasured)).toBe(unmeasured);
  });
});

describe('what a ZIP asks for', () => {
  it('takes the largest size of each picture by default', () => {
    expect(archiveFiles([photo, logo], 'largest').map((file) => file.fileUrl)).toEqual([
      site('car-1600.jpg'),
      site('logo.svg'),
    ]);
  });

  it('takes every size, each picture’s largest first so a per-archive cap drops sizes before pictures', () => {
    expect(
      archiveFiles([photo, logo], 'all').map((file) => `${file.fileUrl.split('/').pop()} ${file.width ?? '?'}`),
    ).toEqual(['car-1600.jpg 1600', 'logo.svg ?', 'car-800.jpg 800', 'car-200.jpg 200']);
  });
});
