import type { FoundImage } from '../collectors/image-collector.interface';
import { catalogue, markSameFamily } from './image-catalogue';
import { renditionsOf } from './image-renditions';

const found = (url: string, domIndex: number, extra: Partial<FoundImage> = {}): FoundImage => ({
  url,
  domIndex,
  sourceNode: 'img',
  ...extra,
});
const described = (
  variants: Map<unknown, Array<{ fileUrl: string; width?: number; height?: number }>>,
  file: unknown,
) => variants.get(file)?.map(({ fileUrl, width, height }) => [fileUrl, width, height]);

describe('renditionsOf', () => {
  it("lists a srcset's other candidates with the widths they declare, the heights in the file's ratio, largest first", () => {
    const [file] = catalogue([
      found('https://a.test/b-1200.jpg', 1, {
        width: 1200,
        height: 800,
        variants: ['https://a.test/b-400.jpg', 'https://a.test/b-800.jpg'],
        candidateWidths: {
          'https://a.test/b-400.jpg': 400,
          'https://a.test/b-800.jpg': 800,
          'https://a.test/b-1200.jpg': 1200,
        },
      }),
    ]);
    expect(described(renditionsOf([file]), file)).toEqual([
      ['https://a.test/b-800.jpg', 800, 533],
      ['https://a.test/b-400.jpg', 400, 267],
    ]);
  });

  it('lists a linked thumbnail (and its <picture> source naming it) under the original, measured, and a CMS size by its name', () => {
    const images = catalogue([
      found('https://a.test/full.jpg', 1, { sourceNode: 'link', variants: ['https://a.test/thumb.jpg'] }),
      found('https://a.test/thumb.webp', 2, { sourceNode: 'picture', renditionOf: 'https://a.test/thumb.jpg' }),
      found('https://a.test/thumb.jpg', 3, { width: 160, height: 120 }),
      found('https://a.test/wp-content/uploads/river-300x200.jpg', 4),
      found('https://a.test/wp-content/uploads/river.jpg', 5, { width: 1600, height: 1067 }),
    ]);
    markSameFamily(images);
    const variants = renditionsOf(images);
    const file = (url: string) => images.find((image) => image.url === url && !image.duplicate);
    expect(described(variants, file('https://a.test/full.jpg'))).toEqual([
      ['https://a.test/thumb.jpg', 160, 120],
      ['https://a.test/thumb.webp', undefined, undefined],
    ]);
    expect(described(variants, file('https://a.test/wp-content/uploads/river.jpg'))).toEqual([
      ['https://a.test/wp-content/uploads/river-300x200.jpg', 300, 200],
    ]);
  });

  it("lists once a picture two sightings name as each other's rendition, and leaves out one that proved gone", () => {
    const images = catalogue([
      found('https://a.test/a.jpg', 1, {
        variants: ['https://a.test/b.jpg', 'https://a.test/gone.jpg', 'https://a.test/a-small.jpg'],
      }),
      found('https://a.test/b.jpg', 2, { variants: ['https://a.test/a.jpg'] }),
    ]);
    // a names b as its rendition and b names a: the earlier one stays the file, the later is its rendition.
    const variants = renditionsOf(images, new Set(['http://a.test/gone.jpg']));
    expect(described(variants, images[0])).toEqual([
      ['https://a.test/b.jpg', undefined, undefined],
      ['https://a.test/a-small.jpg', undefined, undefined],
    ]);
  });
});
