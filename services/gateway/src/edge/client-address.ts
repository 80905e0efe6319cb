import type { Request } from 'express';

/** The address requests are counted and charged by: express's req.ip, which honours TRUST_PROXY only. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
