import { AppException } from '@pixtract/service-kit';
import { ArchiveImage, CrawlFile, ErrorCode } from '@pixtract/contracts';

/** An image of the list as the gateway states it: never a bare address. */
type StatedImage = Exclude<ArchiveImage, string>;

/**
 * The images of a crawl's ZIP: each chosen address as the stored crawl knows it (alt, size, the pages it was found
 * on, its other sizes), so the client states nothing but the choice. An address may be a file's or one of its other
 * sizes (the gallery's "All sizes"); any other is refused. `shownPage`, the gallery's Page filter, comes first among
 * the pages of an image found on it: the zipper files an image under its first page.
 */
export function crawlArchiveImages(files: CrawlFile[], addresses: string[], shownPage?: string): StatedImage[] {
  const known = new Map<string, StatedImage>();
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
    return shownPage && image.pageUrls?.includes(shownPage)
      ? { ...image, pageUrls: shownFirst(image.pageUrls, shownPage) }
      : image;
  });
}

const shownFirst = (pageUrls: string[], shownPage: string): string[] => [
  shownPage,
  ...pageUrls.filter((pageUrl) => pageUrl !== shownPage),
];
