import { Injectable } from '@nestjs/common';
import { Caller, ErrorCode, QuotaReservation } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { AuthClient } from '../account/auth.client';

/** Whom an extraction belongs to and is charged to, recorded when it starts. */
export interface ExtractionOwner {
  subject: string;
  userId: number | null;
  /** A visitor's address, charged together with them (null for a signed-in user). */
  addressSubject: string | null;
  /** The most images the extraction could show them now (remaining quota, plan cap): the live preview's limit. */
  grantable: number;
}

/**
 * The gateway's side of the quota ledger (which is the auth service's): refuse an extraction when
 * the day is used up, before anything is queued; reserve what a finished one may show.
 */
@Injectable()
export class QuotaGate {
  constructor(private readonly auth: AuthClient) {}

  /** Who is calling; a first-time visitor's cookie (auth sets it) goes to the browser with this answer. */
  async caller(req: Request, res: Response): Promise<Caller> {
    const { caller, setCookies } = await this.auth.identify(req);
    if (setCookies.length > 0) res.append('set-cookie', setCookies);
    return caller;
  }

  /** The caller, admitted for a new extraction; at 0 remaining a 429 carrying `limits`. */
  admit(caller: Caller): ExtractionOwner {
    if (caller.limits.remaining === 0) throw new AppException(ErrorCode.DailyLimitReached, 429, { limits: caller.limits });
    return { subject: caller.subject, userId: caller.userId, addressSubject: caller.addressSubject, grantable: Math.min(caller.limits.remaining, caller.perExtraction) };
  }

  /** granted = min(found, what the day has left, per-extraction cap); idempotent per extraction id. */
  reserve(extractionId: string, owner: Pick<ExtractionOwner, 'subject' | 'addressSubject'>, found: number): Promise<QuotaReservation> {
    return this.auth.reserve({ extractionId, subject: owner.subject, addressSubject: owner.addressSubject, found });
  }
}
