import { AppException } from '@pixtract/service-kit';
import { ArchiveImage, CrawlFile, ErrorCode } from '@pixtract/contracts';

/**
 * The images of a crawl's ZIP: each chosen address as the stored crawl knows it (alt, size, the pages it was found
 * on, its other sizes), so the client states nothing but the choice. An address may be a file's or one of its other
 * sizes (the gallery's "All sizes"); any other is refused.
 */
export function crawlArchiveImages(files: CrawlFile[], addresses: string[]): ArchiveImage[] {
  const known = new Map<string, ArchiveImage>();
  for (const { fileUrl, alt, width, height, pageUrls, variants = [] } of files) {
    known.set(fileUrl, { fileUrl, alt, width, height, pageUrls, ...(variants.length && { variants }) });
  }
  for (const file of files) {
    for (const variant of file.variants ?? []) {
      if (known.has(variant.fileUrl)) continue;
      // Another size of the picture: its own address and size, the picture's words, pages and renditions.
      const renditions = [{ fileUrl: file.fileUrl, width: file.width, height: file.height }, ...(file.variants ?? [])];
      known.set(variant.fileUrl, {
        ...variant,
        alt: file.alt,
        pageUrls: file.pageUrls,
        variants: renditions.filter((rendition) => rendition.fileUrl !== variant.fileUrl),
      });
    }
  }
  return addresses.map((address) => {
    const image = known.get(address);
    if (!image) throw new AppException(ErrorCode.ImageNotInCrawl, 400);
    return image;
  });
}
