import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { useNativeCrc32ForArchives } from './native-crc32';

const archiverRequire = createRequire(require.resolve('archiver'));
const compressCommonsRequire = createRequire(
  createRequire(archiverRequire.resolve('zip-stream')).resolve('compress-commons'),
);
const crc32Module = compressCommonsRequire('crc-32') as { buf: unknown };
const crc32Stream = compressCommonsRequire('crc32-stream') as {
  CRC32Stream: new () => NodeJS.ReadWriteStream & { digest(): Buffer };
};

/** What crc32-stream computes for `parts` written in turn (its first call gets its Buffer seed). */
async function streamChecksum(parts: Buffer[]): Promise<string> {
  const stream = new crc32Stream.CRC32Stream();
  stream.resume();
  for (const part of parts) stream.write(part);
  stream.end();
  await new Promise((resolve) => stream.on('end', resolve));
  return stream.digest().toString('hex');
}

describe("archiver's CRC-32 on zlib's native one", () => {
  it('gives the same checksums as the JavaScript implementation, whole and in parts', async () => {
    const data = randomBytes(300_000);
    const parts = [data.subarray(0, 1), data.subarray(1, 70_000), data.subarray(70_000, 70_000), data.subarray(70_000)];
    const before = {
      whole: await streamChecksum([data]),
      parts: await streamChecksum(parts),
      empty: await streamChecksum([]),
    };
    const javascript = crc32Module.buf;
    useNativeCrc32ForArchives();
    expect(crc32Module.buf).not.toBe(javascript);
    expect({
      whole: await streamChecksum([data]),
      parts: await streamChecksum(parts),
      empty: await streamChecksum([]),
    }).toEqual(before);
    expect(before.whole).toBe(require('node:zlib').crc32(data).toString(16).padStart(8, '0'));
  });
});
