import { ErrorCode, type SaveFormat, type ThumbnailFormat } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import sharp from 'sharp';
import type { ImageFormat } from './image-signature.util';

// libvips' operation cache trades memory for repeat speed; every image here is new, so it would only grow RSS.
sharp.cache(false);

/** What sharp may decode: a few-KB file can declare gigapixels, so the pixel count is bounded before decoding. */
const decode = (bytes: Buffer, maxPixels: number, animated = false) =>
  sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', animated });

/** Why an image cannot be re-encoded, in the words failed-downloads.txt and a 4xx answer give. */
function conversionFailure(error: unknown, maxPixels: number): AppException {
  const message = error instanceof Error ? error.message : '';
  if (/pixel limit/i.test(message))
    return new AppException(ErrorCode.UpstreamTooLarge, 413, {
      message: `This image has more than ${maxPixels.toLocaleString('en-US')} pixels: too large to convert.`,
    });
  return new AppException(ErrorCode.NotAnImage, 415, { message: 'This image could not be decoded.' });
}

async function encoded(image: sharp.Sharp, maxPixels: number): Promise<Buffer> {
  try {
    return await image.toBuffer();
  } catch (error) {
    throw conversionFailure(error, maxPixels);
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
  return encoded(image.toFormat(format), maxPixels);
}

/** An image as it is saved: its bytes, their format, and whether an animation was cut to its first frame. */
export interface SavedImage {
  chunks: Buffer[];
  format: ImageFormat;
  firstFrameOnly: boolean;
}

/** How each target is written: quality high enough that a saved copy is not visibly worse than the original. */
function encodeAs(image: sharp.Sharp, to: ThumbnailFormat): sharp.Sharp {
  switch (to) {
    case 'jpeg':
      // JPEG has no alpha: transparent pixels become white, not black.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 90 });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 90 });
    case 'avif':
      return image.avif({ quality: 70, effort: 2 });
  }
}

/**
 * The image saved as `to`. Already in that format (or `original`): the same bytes, untouched. Otherwise decoded
 * once within the pixel cap and re-encoded: EXIF orientation applied, an RGB image's ICC profile kept (a CMYK
 * one is converted to sRGB through it, since PNG, WebP and AVIF hold no CMYK), every frame kept where the target
 * animates (WebP), else the first. An SVG is rendered at its own size; librsvg reads no external reference from
 * a buffer.
 */
export async function saveImageAs(
  chunks: Buffer[],
  from: ImageFormat,
  to: SaveFormat,
  maxPixels: number,
): Promise<SavedImage> {
  if (to === 'original' || to === from) return { chunks, format: from, firstFrameOnly: false };
  const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  const metadata = await decode(bytes, maxPixels)
    .metadata()
    .catch((error: unknown) => Promise.reject(conversionFailure(error, maxPixels)));
  const animated = (metadata.pages ?? 1) > 1;
  const keepFrames = animated && to === 'webp';
  const image = decode(bytes, maxPixels, keepFrames);
  if (!keepFrames) image.autoOrient();
  if (metadata.icc && metadata.space !== 'cmyk') image.keepIccProfile();
  const output = await encoded(encodeAs(image, to), maxPixels);
  return { chunks: [output], format: to, firstFrameOnly: animated && !keepFrames };
}
