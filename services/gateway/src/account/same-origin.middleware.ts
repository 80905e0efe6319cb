import { HttpException, Injectable, NestMiddleware } from '@nestjs/common';
import { AuthErrorCode, authErrorBody } from '@pixtract/contracts';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-carrying requests that change state: the browser must show it is on
 * our own site. Fetch Metadata first (Sec-Fetch-Site: same-origin, or none for a typed address),
 * else the Origin header against our Host. Requests without cookies carry no ambient authority,
 * and clients that send neither header are not browsers: both pass.
 */
@Injectable()
export class SameOriginMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    if (SAFE_METHODS.has(req.method) || !req.headers.cookie) return next();
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
