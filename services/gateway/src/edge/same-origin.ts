import { HttpException } from '@nestjs/common';
import { AuthErrorCode, PAYPAL_WEBHOOK_PATH, authErrorBody } from '@pixtract/contracts';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Server-to-server callers that are no browser and are checked by their own means (a signature), by exact path.
 * PayPal's webhook carries no browser headers anyway; naming it keeps that from being an accident.
 */
const NOT_FROM_BROWSERS = new Set([PAYPAL_WEBHOOK_PATH]);

/**
 * CSRF defence for every request that changes state, with or without cookies: a cross-site form can also sign a
 * victim in to the attacker's account (login CSRF). A browser must show it is on our own site: Fetch Metadata
 * first (Sec-Fetch-Site: same-origin, or none for a typed address), else the Origin header against our host
 * (`null` is refused). A client that sends neither header is not a browser (and carries no victim's cookies):
 * it passes, as do the server-to-server routes above. Runs before the body is read: a refused request's body is
 * never parsed.
 */
export function sameOrigin(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method) || NOT_FROM_BROWSERS.has(req.path)) return next();
  // req.host: our host as the browser addressed it (X-Forwarded-Host only from TRUST_PROXY hops).
  const fromOurSite = isFromOurSite(req.get('sec-fetch-site'), req.get('origin'), req.host);
  next(fromOurSite ? undefined : new HttpException(authErrorBody(AuthErrorCode.CrossSiteRequest, 403), 403));
}

/** The rule above, for any request: also a socket's handshake (a page on another site must not open our socket). */
export function isFromOurSite(
  secFetchSite: string | undefined,
  origin: string | undefined,
  host: string | undefined,
): boolean {
  if (secFetchSite !== undefined) return secFetchSite === 'same-origin' || secFetchSite === 'none';
  if (origin === undefined) return true;
  return URL.canParse(origin) && new URL(origin).host === host;
}
