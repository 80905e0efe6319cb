import type { ExtractedFile } from '@pixtract/contracts';
import { area, largestPicture } from './crawl-result';

/** What the crawl holds around a page being finished, for the thumbnails and originals it shows as one picture. */
export interface PhotoPairing {
  /** The page's own files. */
  files: ExtractedFile[];
  /** The page is being stored as read: only a read photo page gives its largest picture as an original. */
  read: boolean;
  /** Stored thumbnails, on pages of the crawl, that link to this page. */
  thumbnailsLinkingHere: ExtractedFile[];
  /** This page's thumbnails and the photo pages they link to. */
  photoLinks: Array<{ imageUrl: string; pageUrl: string }>;
  /** The stored files of the read photo pages this page's thumbnails link to, by page address. */
  linkedPageFiles: Map<string, ExtractedFile[]>;
}

/**
 * Of a page's addresses new to the crawl, those the crawl's result shows as one picture with one it already has
 * (`crawlFiles`): this photo page's original when a thumbnail linking here is stored, and a thumbnail of this page
 * when the read photo page it links to has a larger picture. They are stored but not charged: a photo and its
 * thumbnail are one image, as a picture and its srcset sizes are in a single extraction.
 */
export function mergedWithKnownPictures(pairing: PhotoPairing, fresh: ReadonlySet<string>): Set<string> {
  const merged = new Set<string>();
  const original = pairing.read ? largestPicture(pairing.files) : undefined;
  if (
    original &&
    fresh.has(original.fileUrl) &&
    pairing.thumbnailsLinkingHere.some(
      (thumbnail) => thumbnail.fileUrl !== original.fileUrl && area(original) > area(thumbnail),
    )
  )
    merged.add(original.fileUrl);

  const own = new Map(pairing.files.map((file) => [file.fileUrl, file]));
  for (const { imageUrl, pageUrl } of pairing.photoLinks) {
    const thumbnail = own.get(imageUrl);
    const linked = pairing.linkedPageFiles.get(pageUrl);
    const itsOriginal = linked && largestPicture(linked);
    if (
      thumbnail &&
      fresh.has(imageUrl) &&
      itsOriginal &&
      itsOriginal.fileUrl !== imageUrl &&
      area(itsOriginal) > area(thumbnail)
    )
      merged.add(imageUrl);
  }
  return merged;
}
