import { HttpException } from '@nestjs/common';
import { AuthErrorCode, BILLING_USER_HEADER, BillingErrorCode, authErrorBody } from '@pixtract/contracts';
import type { Request } from 'express';
import { billingError } from './billing-error';

/**
 * The signed-in user the gateway states in X-Pixtract-User-Id (billing is internal; the gateway removes the header
 * from every visitor's request and sets it from auth's answer), or null for a visitor.
 */
export function callerOf(req: Request): number | null {
  const value = req.get(BILLING_USER_HEADER);
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The caller's user id; a visitor is refused with 401 in the words of the endpoint (subscribing has its own). */
export function memberOf(req: Request, forSubscribing = false): number {
  const userId = callerOf(req);
  if (userId !== null) return userId;
  if (forSubscribing) throw billingError(BillingErrorCode.SubscriptionAuthRequired, 401);
  throw new HttpException(authErrorBody(AuthErrorCode.AuthenticationRequired, 401), 401);
}
