import sharp from 'sharp';
import type { ImageFormat } from './image-signature.util';

export interface Dimensions {
  width?: number;
  height?: number;
}

/** Enough of an image for its header: formats state their size at the start (a JPEG after its EXIF/ICC blocks). */
const HEADER_BYTES = 64 * 1024;

/** JPEG start-of-frame markers (they carry the size): C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Walks the JPEG's segments to the first start-of-frame; undefined when it lies past `head`. */
function jpegDimensions(head: Buffer): Dimensions | undefined {
  let offset = 2;
  while (offset + 9 <= head.length) {
    if (head[offset] !== 0xff) return undefined;
    const marker = head[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (isStartOfFrame(marker)) return { height: head.readUInt16BE(offset + 5), width: head.readUInt16BE(offset + 7) };
    offset += 2 + head.readUInt16BE(offset + 2);
  }
  return undefined;
}

/** WebP's three bitstreams each state the size their own way. */
function webpDimensions(head: Buffer): Dimensions | undefined {
  if (head.length < 30) return undefined;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return { width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = head.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: head.readUIntLE(24, 3) + 1, height: head.readUIntLE(27, 3) + 1 };
  return undefined;
}

/**
 * The common formats' sizes read straight from their headers, on the event loop: asking sharp costs a native
 * round trip and its metadata objects for every image of an archive, a tenth of the zipper's time in the bench.
 */
function headerDimensions(head: Buffer, format: ImageFormat): Dimensions | undefined {
  switch (format) {
    case 'jpeg':
      return jpegDimensions(head);
    case 'png':
      return head.length >= 24 ? { width: head.readUInt32BE(16), height: head.readUInt32BE(20) } : undefined;
    case 'gif':
      return head.length >= 10 ? { width: head.readUInt16LE(6), height: head.readUInt16LE(8) } : undefined;
    case 'webp':
      return webpDimensions(head);
    default:
      return undefined;
  }
}

/**
 * Width and height as the image's own header states them (undefined when it cannot be read). The first chunk is
 * tried alone; only when the header lies further (a JPEG's large EXIF) or the format is a rarer one (read by
 * sharp) are the first chunks joined: copying every image whole just to read its header would double the garbage.
 */
export async function imageDimensions(chunks: Buffer[], format: ImageFormat): Promise<Dimensions> {
  const fromFirst = chunks.length > 0 ? headerDimensions(chunks[0], format) : undefined;
  if (fromFirst) return fromFirst;
  const first: Buffer[] = [];
  for (let size = 0, i = 0; i < chunks.length && size < HEADER_BYTES; size += chunks[i++].length) first.push(chunks[i]);
  const head = first.length === 1 ? first[0] : Buffer.concat(first);
  const fromHead = first.length > 1 ? headerDimensions(head, format) : undefined;
  if (fromHead) return fromHead;
  const metadata = await sharp(head).metadata().catch(() => undefined);
  return { width: metadata?.width, height: metadata?.height };
}
