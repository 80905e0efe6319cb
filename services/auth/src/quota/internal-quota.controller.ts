import { Body, Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { Caller, CrawlPlan, QuotaReservation, crawlPlanOf, quotaReservationRequestSchema } from '@pixtract/contracts';
import { parseWith } from '@pixtract/service-kit';
import type { Request, Response } from 'express';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import { SessionUser } from '../session/session-user';
import { UsersService } from '../user/users.service';
import { CLOCK, Clock } from './clock';
import { QuotaLedger } from './quota-ledger.service';
import { addressSubjectOf, visitorOf, visitorSubjectOf } from './visitor-identity';

/** Gateway-only API (never routed publicly): who is asking, and charging an extraction to them. */
@Controller('internal')
export class InternalQuotaController {
  constructor(
    private readonly ledger: QuotaLedger,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly users: UsersService,
  ) {}

  /**
   * The signed-in user; else this browser's visitor (a first-time visitor gets its cookie in this answer) with
   * the address it calls from, whose allowance is charged with theirs.
   */
  @Post('callers')
  @HttpCode(200)
  async caller(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Caller> {
    const userId = (req.user as SessionUser | undefined)?.id ?? null;
    const visitorSubject =
      userId === null ? visitorOf(req, res, this.config.NODE_ENV === 'production') : visitorSubjectOf(req);
    const subject = userId === null ? visitorSubject! : `user:${userId}`;
    const addressSubject = userId === null ? addressSubjectOf(req) : null;
    const { limits, perExtraction } = await this.ledger.limitsOf({ subject, addressSubject }, this.clock());
    return {
      subject,
      userId,
      addressSubject,
      visitorSubject,
      limits,
      perExtraction,
      crawlPlan: await this.crawlPlanOf(userId),
    };
  }

  /** The plan that sets a caller's pages per crawl: a premium member's by the tier of their plan. */
  private async crawlPlanOf(userId: number | null): Promise<CrawlPlan> {
    const user = userId === null ? null : await this.users.findById(userId);
    return user ? crawlPlanOf(user.role, user.membershipPlan) : 'free';
  }

  @Post('quota/reservations')
  @HttpCode(200)
  reserve(@Body() body: unknown): Promise<QuotaReservation> {
    return this.ledger.reserve(parseWith(quotaReservationRequestSchema, body), this.clock());
  }
}
