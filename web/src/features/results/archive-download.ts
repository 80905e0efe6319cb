import type { ArchiveImage, ExtractedFile } from '@pixtract/contracts';

const ARCHIVE_PATH = '/api/download-images';

/**
 * Starts the streaming ZIP download the seed's way: a form post of `imageUrls` (JSON) and `sourceUrl`. The answer
 * is an attachment, so the browser saves it while the page stays where it is.
 */
export function downloadArchive(files: ExtractedFile[], sourceUrl: string): void {
  const images: ArchiveImage[] = files.map(({ fileUrl, alt, width, height }) => ({ fileUrl, alt, width, height }));
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = ARCHIVE_PATH;
  form.hidden = true;
  for (const [name, value] of [
    ['imageUrls', JSON.stringify(images)],
    ['sourceUrl', sourceUrl],
  ]) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}
