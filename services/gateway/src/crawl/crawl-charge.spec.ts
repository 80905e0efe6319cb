import type { ExtractedFile } from '@pixtract/contracts';
import { mergedWithKnownPictures } from './crawl-charge';

const image = (name: string, width: number, height: number, extra: Partial<ExtractedFile> = {}): ExtractedFile => ({
  fileUrl: `https://site.test/${name}`,
  width,
  height,
  ...extra,
});

const thumbnail = image('thumb.jpg', 120, 90);
const photo = image('photo.jpg', 1600, 1200);
const logo = image('logo.png', 200, 60);
const PHOTO_PAGE = 'https://site.test/1.html';

/** A page to finish and what the crawl stores around it; `reads` lists the stored parts the rule asked for. */
function pairing(
  change: {
    files?: ExtractedFile[];
    read?: boolean;
    photoLinks?: Array<{ imageUrl: string; pageUrl: string }>;
    thumbnailsLinkingHere?: ExtractedFile[];
    readPages?: Record<string, ExtractedFile[]>;
  },
  reads: string[] = [],
) {
  return {
    files: change.files ?? [],
    read: change.read ?? true,
    photoLinks: change.photoLinks ?? [],
    thumbnailsLinkingHere: async () => (reads.push('thumbnails'), change.thumbnailsLinkingHere ?? []),
    filesOfReadPages: async (pageUrls: string[]) => {
      reads.push(`pages ${pageUrls.join()}`);
      return new Map(Object.entries(change.readPages ?? {}).filter(([url]) => pageUrls.includes(url)));
    },
  };
}
const addresses = (...files: ExtractedFile[]) => new Set(files.map((file) => file.fileUrl));

describe('mergedWithKnownPictures: a photo and its thumbnail are charged as one image', () => {
  it('a photo page read after the listing: its original takes the stored thumbnail’s place, not charged', async () => {
    const merged = await mergedWithKnownPictures(
      pairing({ files: [logo, photo], thumbnailsLinkingHere: [thumbnail] }),
      addresses(logo, photo),
    );
    expect(merged).toEqual(addresses(photo));
  });

  it('a listing read after its photo page: the thumbnail goes into the read page’s larger picture, not charged', async () => {
    const merged = await mergedWithKnownPictures(
      pairing({
        files: [logo, thumbnail],
        photoLinks: [{ imageUrl: thumbnail.fileUrl, pageUrl: PHOTO_PAGE }],
        readPages: { [PHOTO_PAGE]: [logo, photo] },
      }),
      addresses(logo, thumbnail),
    );
    expect(merged).toEqual(addresses(thumbnail));
  });

  it('charges both when nothing pairs them: no stored thumbnail, a photo page not read, a failed page', async () => {
    const fresh = addresses(photo, thumbnail);
    expect(await mergedWithKnownPictures(pairing({ files: [photo] }), fresh)).toEqual(new Set());
    expect(
      await mergedWithKnownPictures(
        pairing({ files: [thumbnail], photoLinks: [{ imageUrl: thumbnail.fileUrl, pageUrl: PHOTO_PAGE }] }),
        fresh,
      ),
    ).toEqual(new Set());
    expect(
      await mergedWithKnownPictures(
        pairing({ files: [photo], read: false, thumbnailsLinkingHere: [thumbnail] }),
        fresh,
      ),
    ).toEqual(new Set());
  });

  it('keeps charging what the result shows apart: a picture no larger than the thumbnail, an icon, one already known', async () => {
    const small = image('small.jpg', 100, 75);
    const icon = image('favicon.png', 512, 512, { kind: 'icon' });
    expect(
      await mergedWithKnownPictures(
        pairing({ files: [small, icon], thumbnailsLinkingHere: [thumbnail] }),
        addresses(small, icon),
      ),
    ).toEqual(new Set());
    // The original was charged on another page: nothing of this page is the thumbnail's place to take.
    expect(
      await mergedWithKnownPictures(pairing({ files: [photo], thumbnailsLinkingHere: [thumbnail] }), new Set()),
    ).toEqual(new Set());
  });

  it('reads nothing stored when no address of the page could pair: every page finish runs it under the crawl’s lock', async () => {
    const reads: string[] = [];
    // A failed page, and a listing whose thumbnail the crawl already has.
    await mergedWithKnownPictures(pairing({ files: [photo], read: false }, reads), addresses(photo));
    await mergedWithKnownPictures(
      pairing({ files: [thumbnail], photoLinks: [{ imageUrl: thumbnail.fileUrl, pageUrl: PHOTO_PAGE }] }, reads),
      new Set(),
    );
    expect(reads).toEqual([]);
    // A listing with a new thumbnail: only the pages its new thumbnails link to are read.
    await mergedWithKnownPictures(
      pairing(
        {
          files: [thumbnail, logo],
          photoLinks: [
            { imageUrl: thumbnail.fileUrl, pageUrl: PHOTO_PAGE },
            { imageUrl: logo.fileUrl, pageUrl: 'https://site.test/' },
          ],
        },
        reads,
      ),
      addresses(thumbnail),
    );
    expect(reads).toEqual([`pages ${PHOTO_PAGE}`]);
  });
});
