import type { ExtractedFile } from '@pixtract/contracts';
import { area, largestPicture } from './crawl-result';

/**
 * A page being finished and what the crawl stores around it, for the thumbnails and originals its result shows as
 * one picture. The stored parts are read only when the page has an address they could pair.
 */
export interface PhotoPairing {
  /** The page's own files. */
  files: ExtractedFile[];
  /** The page is being stored as read: only a read photo page gives its largest picture as an original. */
  read: boolean;
  /** This page's thumbnails and the photo pages they link to. */
  photoLinks: Array<{ imageUrl: string; pageUrl: string }>;
  /** Stored thumbnails, on pages of the crawl, that link to this page. */
  thumbnailsLinkingHere: () => Promise<ExtractedFile[]>;
  /** The stored files of the read pages at these addresses, by page address. */
  filesOfReadPages: (pageUrls: string[]) => Promise<Map<string, ExtractedFile[]>>;
}

/**
 * Of a page's addresses new to the crawl, those the crawl's result shows as one picture with one it already has
 * (`crawlFiles`): this photo page's original when a thumbnail linking here is stored, and a thumbnail of this page
 * when the read photo page it links to has a larger picture. They are stored but not charged: a photo and its
 * thumbnail are one image, as a picture and its srcset sizes are in a single extraction.
 */
export async function mergedWithKnownPictures(pairing: PhotoPairing, fresh: ReadonlySet<string>): Promise<Set<string>> {
  const merged = new Set<string>();
  const original = pairing.read ? largestPicture(pairing.files) : undefined;
  if (original && fresh.has(original.fileUrl)) {
    const thumbnails = await pairing.thumbnailsLinkingHere();
    if (thumbnails.some((thumbnail) => thumbnail.fileUrl !== original.fileUrl && area(original) > area(thumbnail)))
      merged.add(original.fileUrl);
  }

  const own = new Map(pairing.files.map((file) => [file.fileUrl, file]));
  const freshThumbnails = pairing.photoLinks.filter(({ imageUrl }) => fresh.has(imageUrl) && own.has(imageUrl));
  if (freshThumbnails.length === 0) return merged;
  const linkedPages = await pairing.filesOfReadPages(freshThumbnails.map((link) => link.pageUrl));
  for (const { imageUrl, pageUrl } of freshThumbnails) {
    const linked = linkedPages.get(pageUrl);
    const itsOriginal = linked && largestPicture(linked);
    if (itsOriginal && itsOriginal.fileUrl !== imageUrl && area(itsOriginal) > area(own.get(imageUrl)!))
      merged.add(imageUrl);
  }
  return merged;
}
