import type { CrawlFile, ExtractedFile, ImageVariant } from '@pixtract/contracts';
import type { CrawlPageEntity } from './crawl-page.entity';

export interface StoredFile {
  pageId: string;
  pageUrl: string;
  file: ExtractedFile;
}

export const area = (file: ExtractedFile) => (file.width ?? 0) * (file.height ?? 0);

/** The largest distinct picture among `files` (a photo before a graphic): a photo page's original. */
export function largestPicture<T extends ExtractedFile>(files: Iterable<T>): T | undefined {
  let best: T | undefined;
  for (const file of files) {
    if (file.duplicate || file.kind === 'icon') continue;
    if (!best || area(file) > area(best)) best = file;
  }
  return best;
}

/**
 * The crawl's files: merged across pages by address (a picture on 30 pages is one file with 30 `pageUrls`), in the
 * order first found. A thumbnail linking to a photo page of the site that was read gets that page's largest picture
 * as its original: one file, the thumbnail among its sizes, on both pages.
 */
export function crawlFiles(stored: StoredFile[], pages: CrawlPageEntity[]): CrawlFile[] {
  const byAddress = new Map<string, CrawlFile>();
  for (const { pageUrl, file } of stored) {
    const known = byAddress.get(file.fileUrl);
    if (known) {
      if (!known.pageUrls.includes(pageUrl)) known.pageUrls.push(pageUrl);
      continue;
    }
    byAddress.set(file.fileUrl, { ...file, duplicate: file.duplicate || undefined, pageUrls: [pageUrl] });
  }
  for (const file of byAddress.values()) if (file.duplicate === undefined) delete file.duplicate;

  const doneUrls = new Set(pages.filter((page) => page.status === 'done').map((page) => page.url));
  for (const page of pages) {
    for (const { imageUrl, pageUrl } of page.photoLinks) {
      if (!doneUrls.has(pageUrl)) continue;
      const thumbnail = byAddress.get(imageUrl);
      const original = largestOn(byAddress, pageUrl);
      if (!thumbnail || !original || original === thumbnail || area(original) <= area(thumbnail)) continue;
      const size: ImageVariant = {
        fileUrl: thumbnail.fileUrl,
        ...(thumbnail.width !== undefined && { width: thumbnail.width }),
        ...(thumbnail.height !== undefined && { height: thumbnail.height }),
      };
      const variants = [...(original.variants ?? [])];
      for (const variant of [size, ...(thumbnail.variants ?? [])])
        if (!variants.some((known) => known.fileUrl === variant.fileUrl)) variants.push(variant);
      original.variants = variants;
      original.alt ||= thumbnail.alt;
      original.pageUrls = [...new Set([...thumbnail.pageUrls, ...original.pageUrls])];
      byAddress.delete(thumbnail.fileUrl);
    }
  }
  return [...byAddress.values()].map((file, position) => ({ ...file, position }));
}

/** The largest distinct picture found on the page at `pageUrl`. */
function largestOn(files: Map<string, CrawlFile>, pageUrl: string): CrawlFile | undefined {
  return largestPicture([...files.values()].filter((file) => file.pageUrls.includes(pageUrl)));
}
