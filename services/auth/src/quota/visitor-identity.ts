import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { VISITOR_COOKIE, SessionUser } from '../session/session-user';

const VISITOR_ID = /^[\w-]{22}$/;
const VISITOR_MAX_AGE_MS = 365 * 24 * 3600 * 1000;

/**
 * The quota subject of a request: the signed-in user, else the visitor of the signed visitor
 * cookie, else the client address (clients that keep no cookies cannot escape the day's quota by
 * dropping them). The visitor cookie is signed with VISITOR_SECRET (cookie-parser), so it can't be forged.
 */
export function subjectOf(req: Request): string {
  const user = req.user as SessionUser | undefined;
  if (user) return `user:${user.id}`;
  return visitorSubjectOf(req) ?? addressSubjectOf(req);
}

export const addressSubjectOf = (req: Request): string => `ip:${req.ip ?? 'unknown'}`;

export function visitorSubjectOf(req: Request): string | null {
  const visitorId: unknown = req.signedCookies?.[VISITOR_COOKIE];
  return typeof visitorId === 'string' && VISITOR_ID.test(visitorId) ? `visitor:${visitorId}` : null;
}

/** Gives a first-time visitor a signed visitor cookie for their next extractions. */
export function mintVisitorCookie(req: Request, res: Response, secure: boolean): void {
  if (req.user || visitorSubjectOf(req)) return;
  res.cookie(VISITOR_COOKIE, randomBytes(16).toString('base64url'), { signed: true, httpOnly: true, sameSite: 'lax', secure, maxAge: VISITOR_MAX_AGE_MS, path: '/' });
}
