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
    // Past the limit the rest is read and dropped, as body-parser does before its 413: leaving the loop would
    // destroy the request, and the caller's next request on that kept-alive connection would be reset.
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size <= limit ? Buffer.concat(chunks) : undefined;
}
