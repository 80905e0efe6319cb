/**
 * The first `maxBytes` of a body, at most; the stream is destroyed after, whether it ended or not. With
 * `keepOnError`, a body cut off (the deadline aborted it, the server hung up) answers the bytes that came
 * (`cutOff`) instead of throwing: a picture's header may be among them.
 */
export async function readCapped(body: NodeJS.ReadableStream & { destroy(): void }, maxBytes: number): Promise<Buffer>;
export async function readCapped(
  body: NodeJS.ReadableStream & { destroy(): void },
  maxBytes: number,
  options: { keepOnError: true },
): Promise<{ bytes: Buffer; cutOff: boolean }>;
export async function readCapped(
  body: NodeJS.ReadableStream & { destroy(): void },
  maxBytes: number,
  options?: { keepOnError: true },
): Promise<Buffer | { bytes: Buffer; cutOff: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let cutOff = false;
  try {
    for await (const chunk of body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= maxBytes) break;
    }
  } catch (error) {
    if (!options?.keepOnError) throw error;
    cutOff = true;
  } finally {
    body.destroy();
  }
  const bytes = Buffer.concat(chunks).subarray(0, maxBytes);
  return options?.keepOnError ? { bytes, cutOff } : bytes;
}
