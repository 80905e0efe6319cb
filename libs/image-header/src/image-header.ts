/** What the first bytes of an image file say: its real type (magic bytes) and, when the header has it, its size. */
export interface ImageHeader {
  mimeType: string;
  width?: number;
  height?: number;
}

/** Enough for every header below in practice (JPEG's SOF can follow large EXIF blocks; 64 KiB covers most). */
export const HEADER_PROBE_BYTES = 65_536;

export function readImageHeader(bytes: Buffer): ImageHeader | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47)
    return { mimeType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 4) === 'GIF8')
    return { mimeType: 'image/gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mimeType: 'image/jpeg', ...jpegSize(bytes) };
  if (bytes.length >= 16 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return { mimeType: 'image/webp', ...webpSize(bytes) };
  const isoType = isoImageType(bytes);
  if (isoType) return { mimeType: isoType, ...ispeSize(bytes) };
  if (bytes.length >= 26 && bytes.toString('latin1', 0, 2) === 'BM')
    return { mimeType: 'image/bmp', width: bytes.readInt32LE(18), height: Math.abs(bytes.readInt32LE(22)) };
  if (bytes.length >= 6 && bytes.readUInt32BE(0) === 0x00000100) return { mimeType: 'image/x-icon', ...icoSize(bytes) };
  if (bytes.length >= 4 && (bytes.readUInt32BE(0) === 0x49492a00 || bytes.readUInt32BE(0) === 0x4d4d002a))
    return { mimeType: 'image/tiff' };
  const text = bytes.toString('utf8', 0, Math.min(bytes.length, 4096));
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/i.test(text))
    return { mimeType: 'image/svg+xml', ...svgSize(text) };
  return undefined;
}

/**
 * The size a JPEG is shown at: its frame's, turned a quarter when its EXIF orientation (5–8) says so, as browsers
 * (`image-orientation: from-image`) and a conversion (which applies it) show it.
 */
function jpegSize(bytes: Buffer): { width?: number; height?: number } {
  let offset = 2;
  let quarterTurn = false;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return {};
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xe1) quarterTurn ||= (exifOrientation(bytes.subarray(offset + 4, offset + 2 + length)) ?? 1) >= 5;
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      return quarterTurn ? { width: height, height: width } : { width, height };
    }
    offset += 2 + length;
  }
  return {};
}

/** The Orientation tag (0x0112) of an APP1 segment's EXIF block (its first IFD), if it holds one. */
function exifOrientation(segment: Buffer): number | undefined {
  if (segment.length < 14 || segment.toString('latin1', 0, 6) !== 'Exif\0\0') return undefined;
  const tiff = segment.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const ifd = little ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4);
  if (ifd + 2 > tiff.length) return undefined;
  for (let entry = ifd + 2, end = ifd + 2 + 12 * u16(ifd); entry < end && entry + 12 <= tiff.length; entry += 12)
    if (u16(entry) === 0x0112) return u16(entry + 8);
  return undefined;
}

function webpSize(bytes: Buffer): { width?: number; height?: number } {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30)
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  if (chunk === 'VP8 ' && bytes.length >= 30)
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return {};
}

/**
 * The image type an ISO-BMFF file declares in its `ftyp` box: AVIF when any brand says so (an AVIF may name the
 * generic HEIF brand `mif1` or `miaf` first and `avif` only among the compatible ones), HEIC for the HEIF brands.
 */
export function isoImageType(bytes: Buffer): 'image/avif' | 'image/heic' | undefined {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  const brands = ftypBrands(bytes);
  if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'image/avif';
  return /^(heic|heix|mif1)$/.test(brands[0]) ? 'image/heic' : undefined;
}

/** The major brand, then the compatible ones, of an ISO-BMFF `ftyp` box. */
function ftypBrands(bytes: Buffer): string[] {
  const end = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  return brands;
}

/**
 * ICO: one 16-byte directory entry per size a favicon carries (16, 32, 48…), PNG-compressed ones too; the
 * largest is the icon's size. A probe cut short mid-directory counts only the entries it read whole.
 */
function icoSize(bytes: Buffer): { width?: number; height?: number } {
  const entries = Math.min(bytes.readUInt16LE(4), Math.floor((bytes.length - 6) / 16));
  let largest: { width?: number; height?: number } = {};
  for (let at = 6; at < 6 + 16 * entries; at += 16) {
    // A byte holds at most 255, so 0 stands for 256.
    const width = bytes[at] || 256;
    const height = bytes[at + 1] || 256;
    if (width * height > (largest.width ?? 0) * (largest.height ?? 0)) largest = { width, height };
  }
  return largest;
}

/** AVIF/HEIF: the first `ispe` property box holds the image's spatial extent. */
function ispeSize(bytes: Buffer): { width?: number; height?: number } {
  const at = bytes.indexOf('ispe', 0, 'latin1');
  return at > 0 && at + 16 <= bytes.length
    ? { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) }
    : {};
}

function svgSize(text: string): { width?: number; height?: number } {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0] ?? '';
  const attribute = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(tag)?.[1];
  const width = Number(attribute('width'));
  const height = Number(attribute('height'));
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const viewBox = /\sviewBox\s*=\s*["']([^"']+)["']/i
    .exec(tag)?.[1]
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  return viewBox?.length === 4 && viewBox[2] > 0 && viewBox[3] > 0
    ? { width: Math.round(viewBox[2]), height: Math.round(viewBox[3]) }
    : {};
}
