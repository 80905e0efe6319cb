import type { ExtractedFile } from '@pixtract/contracts';
import { mergedWithKnownPictures, PhotoPairing } from './crawl-charge';

const image = (name: string, width: number, height: number, extra: Partial<ExtractedFile> = {}): ExtractedFile => ({
  fileUrl: `https://site.test/${name}`,
  width,
  height,
  ...extra,
});

const thumbnail = image('thumb.jpg', 120, 90);
const photo = image('photo.jpg', 1600, 1200);
const logo = image('logo.png', 200, 60);

const pairing = (change: Partial<PhotoPairing>): PhotoPairing => ({
  files: [],
  read: true,
  thumbnailsLinkingHere: [],
  photoLinks: [],
  linkedPageFiles: new Map(),
  ...change,
});
const addresses = (...files: ExtractedFile[]) => new Set(files.map((file) => file.fileUrl));

describe('mergedWithKnownPictures: a photo and its thumbnail are charged as one image', () => {
  it('a photo page read after the listing: its original takes the stored thumbnail’s place, not charged', () => {
    const merged = mergedWithKnownPictures(
      pairing({ files: [logo, photo], thumbnailsLinkingHere: [thumbnail] }),
      addresses(logo, photo),
    );
    expect(merged).toEqual(addresses(photo));
  });

  it('a listing read after its photo page: the thumbnail goes into the read page’s larger picture, not charged', () => {
    const merged = mergedWithKnownPictures(
      pairing({
        files: [logo, thumbnail],
        photoLinks: [{ imageUrl: thumbnail.fileUrl, pageUrl: 'https://site.test/1.html' }],
        linkedPageFiles: new Map([['https://site.test/1.html', [logo, photo]]]),
      }),
      addresses(logo, thumbnail),
    );
    expect(merged).toEqual(addresses(thumbnail));
  });

  it('charges both when nothing pairs them: no stored thumbnail, a photo page not read, a failed page', () => {
    const fresh = addresses(photo, thumbnail);
    expect(mergedWithKnownPictures(pairing({ files: [photo] }), fresh)).toEqual(new Set());
    expect(
      mergedWithKnownPictures(
        pairing({
          files: [thumbnail],
          photoLinks: [{ imageUrl: thumbnail.fileUrl, pageUrl: 'https://site.test/1.html' }],
        }),
        fresh,
      ),
    ).toEqual(new Set());
    expect(
      mergedWithKnownPictures(pairing({ files: [photo], read: false, thumbnailsLinkingHere: [thumbnail] }), fresh),
    ).toEqual(new Set());
  });

  it('keeps charging what the result shows apart: a picture no larger than the thumbnail, an icon, one already known', () => {
    const small = image('small.jpg', 100, 75);
    const icon = image('favicon.png', 512, 512, { kind: 'icon' });
    expect(
      mergedWithKnownPictures(
        pairing({ files: [small, icon], thumbnailsLinkingHere: [thumbnail] }),
        addresses(small, icon),
      ),
    ).toEqual(new Set());
    // The original was charged on another page: nothing of this page is the thumbnail's place to take.
    expect(mergedWithKnownPictures(pairing({ files: [photo], thumbnailsLinkingHere: [thumbnail] }), new Set())).toEqual(
      new Set(),
    );
  });
});
