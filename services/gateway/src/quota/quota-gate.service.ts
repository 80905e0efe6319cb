import { Injectable } from '@nestjs/common';
import { Caller, ErrorCode, QuotaReservation, roleSchema } from '@pixtract/contracts';
import { AppException, Counter, METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';
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
  private readonly refusals: Counter<'role'>;

  constructor(
    private readonly auth: AuthClient,
    metrics: MetricsRegistry,
  ) {
    this.refusals = metrics.counter({
      name: `${METRIC_PREFIX}quota_refusals_total`,
      help: 'Extractions refused because the caller’s daily quota was used up (429 DAILY_LIMIT_REACHED), by plan',
      labelNames: ['role'],
    });
    for (const role of roleSchema.options) this.refusals.inc({ role }, 0);
  }

  /** Who is calling; a first-time visitor's cookie (auth sets it) goes to the browser with this answer. */
  async caller(req: Request, res: Response): Promise<Caller> {
    const { caller, setCookies } = await this.auth.identify(req);
    if (setCookies.length > 0) res.append('set-cookie', setCookies);
    return caller;
  }

  /** The caller, admitted for a new extraction; at 0 remaining a 429 carrying `limits`. */
  admit(caller: Caller): ExtractionOwner {
    if (caller.limits.remaining === 0) {
      this.refusals.inc({ role: caller.limits.role });
      throw new AppException(ErrorCode.DailyLimitReached, 429, { limits: caller.limits });
    }
    return {
      subject: caller.subject,
      userId: caller.userId,
      addressSubject: caller.addressSubject,
      grantable: Math.min(caller.limits.remaining, caller.perExtraction),
    };
  }

  /** granted = min(found, what the day has left, per-extraction cap); idempotent per extraction id. */
  reserve(
    extractionId: string,
    owner: Pick<ExtractionOwner, 'subject' | 'addressSubject'>,
    found: number,
  ): Promise<QuotaReservation> {
    return this.auth.reserve({ extractionId, subject: owner.subject, addressSubject: owner.addressSubject, found });
  }
}
