import { Injectable } from '@nestjs/common';
import { ErrorCode, QuotaReservation } from '@pixtract/contracts';
import { AppException } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { AuthClient } from '../account/auth.client';

/** The quota subject an extraction is charged to (user, visitor or address), recorded when it starts. */
export interface ExtractionOwner {
  subject: string;
  userId: number | null;
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

  /** The caller, admitted; at 0 remaining a 429 carrying `limits`. A first-time visitor gets their cookie. */
  async admit(req: Request, res: Response): Promise<ExtractionOwner> {
    const { caller, setCookies } = await this.auth.identify(req);
    if (setCookies.length > 0) res.append('set-cookie', setCookies);
    if (caller.limits.remaining === 0) throw new AppException(ErrorCode.DailyLimitReached, 429, { limits: caller.limits });
    return { subject: caller.subject, userId: caller.userId, grantable: Math.min(caller.limits.remaining, caller.perExtraction) };
  }

  /** granted = min(found, remaining, per-extraction cap); idempotent per extraction id. */
  reserve(extractionId: string, owner: Pick<ExtractionOwner, 'subject'>, found: number): Promise<QuotaReservation> {
    return this.auth.reserve({ extractionId, subject: owner.subject, found });
  }
}
