/** The first `maxBytes` of a body, at most; the stream is destroyed after, whether it ended or not. */
export async function readCapped(body: NodeJS.ReadableStream & { destroy(): void }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= maxBytes) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}
