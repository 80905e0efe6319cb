import { HttpException } from '@nestjs/common';
import { ERROR_MESSAGES, ErrorCode } from '@pixtract/contracts';
import type { Request } from 'express';
import { networkInterfaces } from 'node:os';

/** Hosts a request may name when PUBLIC_URL is unset: this machine by name, loopback, and its own addresses. */
const LOCAL_HOSTS = new Set([
  'localhost',
  '127.0.0.1',
  '[::1]',
  ...Object.values(networkInterfaces())
    .flat()
    .map((info) => (info?.family === 'IPv6' ? `[${info.address}]` : info?.address))
    .filter((address): address is string => address !== undefined),
]);

/**
 * The origin absolute links of the site (canonical links, the sitemap, robots.txt) are written with: PUBLIC_URL when
 * the operators set it, else the address the request came to — but only when it names this machine. Any other Host
 * (a request claiming evil.example, which a shared cache would then serve to everyone) is refused with 421: without
 * PUBLIC_URL the site has no name of its own to write instead.
 */
export function siteOrigin(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const candidate = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  const url = URL.canParse(candidate) ? new URL(candidate) : undefined;
  if (!url || !LOCAL_HOSTS.has(url.hostname))
    throw new HttpException(
      { statusCode: 421, code: ErrorCode.WrongHost, message: ERROR_MESSAGES[ErrorCode.WrongHost] },
      421,
    );
  return url.origin;
}
