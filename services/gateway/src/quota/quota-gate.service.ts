import { Injectable } from '@nestjs/common';
import { ErrorCode, QuotaReservation, roleSchema } from '@pixtract/contracts';
import { AppException, Counter, METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';
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

  /** The caller, admitted; at 0 remaining a 429 carrying `limits`. A first-time visitor gets their cookie. */
  async admit(req: Request, res: Response): Promise<ExtractionOwner> {
    const { caller, setCookies } = await this.auth.identify(req);
    if (setCookies.length > 0) res.append('set-cookie', setCookies);
    if (caller.limits.remaining === 0) {
      this.refusals.inc({ role: caller.limits.role });
      throw new AppException(ErrorCode.DailyLimitReached, 429, { limits: caller.limits });
    }
    return { subject: caller.subject, userId: caller.userId, grantable: Math.min(caller.limits.remaining, caller.perExtraction) };
  }

  /** granted = min(found, remaining, per-extraction cap); idempotent per extraction id. */
  reserve(extractionId: string, owner: Pick<ExtractionOwner, 'subject'>, found: number): Promise<QuotaReservation> {
    return this.auth.reserve({ extractionId, subject: owner.subject, found });
  }
}
