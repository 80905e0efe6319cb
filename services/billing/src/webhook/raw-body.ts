import type { Request } from 'express';

/**
 * The request body exactly as sent: the webhook's signature covers its bytes (CRC32), so it must not be parsed and
 * re-encoded first. The service's body parsers leave this path alone (createService's rawBodyPaths).
 */
export async function readRawBody(req: Request, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
