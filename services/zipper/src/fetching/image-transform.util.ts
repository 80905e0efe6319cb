import { ErrorCode, type ThumbnailFormat } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import sharp from 'sharp';

// libvips' operation cache trades memory for repeat speed; every image here is new, so it would only grow RSS.
sharp.cache(false);

/** What sharp may decode: a few-KB file can declare gigapixels, so the pixel count is bounded before decoding. */
const decode = (bytes: Buffer, maxPixels: number) => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' });

async function encoded(image: sharp.Sharp): Promise<Buffer> {
  try {
    return await image.toBuffer();
  } catch {
    throw new AppException(ErrorCode.NotAnImage, 415, { message: 'This image could not be decoded.' });
  }
}

/** Resized to at most `width` (never enlarged) and re-encoded in `format`. */
export function makeThumbnail(
  bytes: Buffer,
  width: number | undefined,
  format: ThumbnailFormat,
  maxPixels: number,
): Promise<Buffer> {
  const image = decode(bytes, maxPixels);
  if (width) image.resize({ width, withoutEnlargement: true });
  return encoded(image.toFormat(format));
}

/** An archive's `convert=jpg|png`: the whole image re-encoded in the asked format. */
export function convertImage(bytes: Buffer, to: 'jpg' | 'png', maxPixels: number): Promise<Buffer> {
  return encoded(decode(bytes, maxPixels).toFormat(to === 'jpg' ? 'jpeg' : 'png'));
}
