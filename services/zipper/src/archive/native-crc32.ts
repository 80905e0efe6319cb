import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

/** The `crc-32` package as archiver's own modules load it (it is a dependency of theirs, not of the zipper). */
function archiverCrc32Modules(): Array<{ buf: (data: Uint8Array, seed?: unknown) => number }> {
  const fromArchiver = createRequire(require.resolve('archiver'));
  const fromZipStream = createRequire(fromArchiver.resolve('zip-stream'));
  const fromCompressCommons = createRequire(fromZipStream.resolve('compress-commons'));
  const fromCrc32Stream = createRequire(fromCompressCommons.resolve('crc32-stream'));
  return [...new Set([fromCompressCommons.resolve('crc-32'), fromCrc32Stream.resolve('crc-32')])].map((path) =>
    fromArchiver(path),
  );
}

/**
 * archiver checksums every entry with the `crc-32` package, pure JavaScript and the zipper's largest single cost
 * in the bench (7 % of its time at 2,000 images). zlib.crc32 is the same checksum, native and twice as fast. Its
 * users (compress-commons, crc32-stream) call `buf` on the module object at each use, so replacing that function
 * switches them over. Their seed is a signed CRC, or on crc32-stream's first call a 4-byte zero Buffer, which
 * crc-32 reads as 0; crc-32 answers signed, and so does the replacement.
 */
export function useNativeCrc32ForArchives(): void {
  for (const module of archiverCrc32Modules()) {
    module.buf = (data, seed) => crc32(data, typeof seed === 'number' ? seed >>> 0 : 0) | 0;
  }
}
