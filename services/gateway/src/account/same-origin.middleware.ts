import { HttpException, Injectable, NestMiddleware } from '@nestjs/common';
import { AuthErrorCode, PAYPAL_WEBHOOK_PATH, authErrorBody } from '@pixtract/contracts';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Server-to-server posts no browser makes on a visitor's behalf; each is authenticated by its own signature. */
const CSRF_EXEMPT_PATHS = new Set([PAYPAL_WEBHOOK_PATH]);

/**
 * CSRF defence for cookie-carrying requests that change state: the browser must show it is on
 * our own site. Fetch Metadata first (Sec-Fetch-Site: same-origin, or none for a typed address),
 * else the Origin header against our Host. Requests without cookies carry no ambient authority,
 * and clients that send neither header are not browsers: both pass.
 */
@Injectable()
export class SameOriginMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method) || CSRF_EXEMPT_PATHS.has(req.originalUrl.split('?')[0]) || !req.headers.cookie) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const sameOrigin = site !== undefined ? site === 'same-origin' || site === 'none' : origin === undefined || isOwnOrigin(origin, req);
    if (!sameOrigin) throw new HttpException(authErrorBody(AuthErrorCode.CrossSiteRequest, 403), 403);
    next();
  }
}

function isOwnOrigin(origin: string, req: Request): boolean {
  if (!URL.canParse(origin)) return false;
  return new URL(origin).host === req.get('host');
}
