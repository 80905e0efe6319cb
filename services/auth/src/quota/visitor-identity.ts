import type { Request, Response } from 'express';
import ipaddr from 'ipaddr.js';
import { randomBytes } from 'node:crypto';
import { VISITOR_COOKIE } from '../session/session-user';

const VISITOR_ID = /^[\w-]{22}$/;
const VISITOR_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/**
 * The address a visitor's allowance is shared with: an IPv4 address (IPv4-mapped IPv6 read as IPv4), or the /64
 * of an IPv6 address — a home or a phone is given a whole /64 and may pick any address in it, so one address
 * would be a fresh allowance per request. `req.ip` believes X-Forwarded-For only from TRUST_PROXY hops.
 */
export function addressSubjectOf(req: Request): string {
  if (!req.ip || !ipaddr.isValid(req.ip)) return 'ip:unknown';
  const address = ipaddr.process(req.ip);
  if (address.kind() === 'ipv4') return `ip:${address.toString()}`;
  return `ip:${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

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
  res.cookie(VISITOR_COOKIE, visitorId, { signed: true, httpOnly: true, sameSite: 'lax', secure, maxAge: VISITOR_MAX_AGE_MS, path: '/' });
  return `visitor:${visitorId}`;
}
