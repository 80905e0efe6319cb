import { clientNetworkOf } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { VISITOR_COOKIE } from '../session/session-user';

const VISITOR_ID = /^[\w-]{22}$/;
const VISITOR_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/**
 * The address a visitor's allowance is shared with: an IPv4 address, or an IPv6 /64 (see clientNetworkOf).
 * `req.ip` is the gateway's X-Forwarded-For, believed only from TRUST_PROXY hops.
 */
export const addressSubjectOf = (req: Request): string => `ip:${clientNetworkOf(req.ip)}`;

/** The visitor of the signed visitor cookie (signed with VISITOR_SECRET by cookie-parser, so it can't be forged). */
export function visitorSubjectOf(req: Request): string | null {
  const visitorId: unknown = req.signedCookies?.[VISITOR_COOKIE];
  return typeof visitorId === 'string' && VISITOR_ID.test(visitorId) ? `visitor:${visitorId}` : null;
}

/**
 * This browser's visitor, minted (and its signed cookie set) on its first call: every extraction has an owner who
 * can come back to it. A client that drops the cookie is a new visitor each time, but its address is charged too.
 */
export function visitorOf(req: Request, res: Response, secure: boolean): string {
  const known = visitorSubjectOf(req);
  if (known) return known;
  const visitorId = randomBytes(16).toString('base64url');
  res.cookie(VISITOR_COOKIE, visitorId, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: VISITOR_MAX_AGE_MS,
    path: '/',
  });
  return `visitor:${visitorId}`;
}
