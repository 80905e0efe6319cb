import { DEFAULT_NAMING_PATTERN, fileNameFromPattern, namingPatternSchema, renditionInFormat } from './file-naming';

const fox = {
  index: 0,
  url: 'https://cdn.example/photos/Red%20Fox.webp?v=2',
  alt: 'A red fox, in snow',
  width: 1200,
  height: 800,
  pageUrl: 'https://www.wild.example/animals/foxes',
};

describe('naming patterns', () => {
  it("makes the seed's names by default: the 3-digit index and the sanitised alt, else the URL's base name", () => {
    expect(fileNameFromPattern(DEFAULT_NAMING_PATTERN, fox)).toBe('001-A_red_fox_in_snow');
    expect(fileNameFromPattern(DEFAULT_NAMING_PATTERN, { ...fox, alt: '' })).toBe('001-Red_Fox');
    expect(fileNameFromPattern(DEFAULT_NAMING_PATTERN, { ...fox, index: 1233, alt: 'x'.repeat(50) })).toBe(
      `1234-${'x'.repeat(30)}`,
    );
  });

  it('fills every token', () => {
    expect(fileNameFromPattern('{n}-{alt}-{w}x{h}', fox)).toBe('001-A_red_fox_in_snow-1200x800');
    expect(fileNameFromPattern('{host}_{page}_{name}', fox)).toBe('www_wild_example_animals_foxes_Red_Fox');
  });

  it('drops the separators an unknown value leaves, and falls back to image-{n} when nothing is left', () => {
    expect(fileNameFromPattern('{n}-{w}x{h}-{alt}', { ...fox, width: undefined, height: undefined })).toBe(
      '001-x-A_red_fox_in_snow',
    );
    expect(fileNameFromPattern('{page}', { index: 4, url: 'https://a.example/' })).toBe('image-5');
  });

  it('keeps only letters, digits, - and _ of the literal text: no path, drive, dot-dot or device name', () => {
    expect(fileNameFromPattern('../../{n}', fox)).toBe('001');
    expect(fileNameFromPattern('C:\\{alt}', { ...fox, alt: 'win' })).toBe('C_win');
    expect(fileNameFromPattern('{alt}', { ...fox, alt: 'CON' })).toBe('CON_');
    expect(fileNameFromPattern('{alt}', { ...fox, alt: '\u202egpj.exe' })).toBe('gpj_exe');
  });

  it('refuses unknown tokens and empty patterns in plain words', () => {
    expect(namingPatternSchema.safeParse('{n}-{alt}').success).toBe(true);
    expect(namingPatternSchema.safeParse('{n}-{colour}').error?.issues[0].message).toBe(
      'The naming pattern may only use {n}, {alt}, {name}, {w}, {h}, {host} and {page}.',
    );
    expect(namingPatternSchema.safeParse('  ').error?.issues[0].message).toBe('The naming pattern is empty.');
  });
});

describe("the page's rendition in a format", () => {
  const picture = {
    fileUrl: 'https://cdn.example/fox.webp',
    width: 800,
    variants: [
      { fileUrl: 'https://cdn.example/fox-400.jpg', width: 400 },
      { fileUrl: 'https://cdn.example/fox-1600.jpg', width: 1600 },
      { fileUrl: 'https://cdn.example/fox-1200.jpg', width: 1200 },
      { fileUrl: 'https://cdn.example/fox.avif', width: 800 },
    ],
  };

  it('takes the narrowest file in that format that is at least as wide as the picture', () => {
    expect(renditionInFormat(picture, 'jpeg')).toBe('https://cdn.example/fox-1200.jpg');
    expect(renditionInFormat(picture, 'avif')).toBe('https://cdn.example/fox.avif');
    expect(renditionInFormat(picture, 'webp')).toBe('https://cdn.example/fox.webp');
  });

  it('offers nothing smaller than the picture, and nothing in a format the page does not have', () => {
    expect(renditionInFormat({ ...picture, variants: picture.variants.slice(0, 1) }, 'jpeg')).toBeUndefined();
    expect(renditionInFormat(picture, 'png')).toBeUndefined();
  });
});
