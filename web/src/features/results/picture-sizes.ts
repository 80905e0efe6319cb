import type { ExtractedFile, ImageVariant } from '@pixtract/contracts';

/** What a ZIP takes of each picture: its largest rendition (the default) or every size the page offers. */
export type ArchiveSizes = 'largest' | 'all';

/**
 * The other sizes of the picture, largest first (renditions of one picture share its shape, so the width orders
 * them; an unmeasured one comes last), without the file's own address or repeats.
 */
export function otherSizes(file: ExtractedFile): ImageVariant[] {
  const seen = new Set([file.fileUrl]);
  const sizes = (file.variants ?? []).filter((variant) => !seen.has(variant.fileUrl) && seen.add(variant.fileUrl));
  return sizes.sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
}

/**
 * A rendition as a file of the archive: its own address and size, the picture's alt text and renditions (of which
 * one may already be in the format the archive asks for).
 */
const rendition = (file: ExtractedFile, variant: ImageVariant): ExtractedFile => ({
  fileUrl: variant.fileUrl,
  alt: file.alt,
  width: variant.width,
  height: variant.height,
  variants: [{ fileUrl: file.fileUrl, width: file.width, height: file.height }, ...otherSizes(file)],
});

/**
 * The picture's largest rendition: a variant wider than the file, else the file itself. A file of unknown width
 * stays, since it is the rendition the page showed and nothing says another is larger.
 */
export function largestRendition(file: ExtractedFile): ExtractedFile {
  const widest = otherSizes(file)[0];
  return file.width && widest?.width && widest.width > file.width ? rendition(file, widest) : file;
}

/**
 * The files a ZIP asks for. With every size, each picture's largest rendition comes first and the other sizes after
 * them all, so a plan's per-archive cap drops extra sizes before it drops a picture.
 */
export function archiveFiles(files: ExtractedFile[], sizes: ArchiveSizes): ExtractedFile[] {
  const largest = files.map(largestRendition);
  if (sizes === 'largest') return largest;
  const rest = files.flatMap((file, index) =>
    [file, ...otherSizes(file).map((variant) => rendition(file, variant))].filter(
      (candidate) => candidate.fileUrl !== largest[index].fileUrl,
    ),
  );
  return [...largest, ...rest];
}
