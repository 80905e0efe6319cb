import { Controller, Get, HttpException, Inject, Req } from '@nestjs/common';
import { AuthErrorCode, UserProfile, authErrorBody } from '@pixtract/contracts';
import type { Request } from 'express';
import { CLOCK, Clock } from '../quota/clock';
import { QuotaLedger } from '../quota/quota-ledger.service';
import { utcDay } from '../quota/utc-day';
import { SessionUser } from '../session/session-user';
import { UsersService } from '../user/users.service';

@Controller('api/user')
export class ProfileController {
  constructor(
    private readonly users: UsersService,
    private readonly ledger: QuotaLedger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('profile')
  async profile(@Req() req: Request): Promise<UserProfile> {
    const id = (req.user as SessionUser | undefined)?.id;
    const user = id === undefined ? null : await this.users.findById(id);
    if (!user) throw new HttpException(authErrorBody(AuthErrorCode.AuthenticationRequired, 401), 401);
    const now = this.clock();
    const { daily } = this.ledger.quotaOf(user);
    const [currentUsage, totals, quarterlyStats] = await Promise.all([
      this.ledger.usedOn(`user:${user.id}`, utcDay(now)),
      this.ledger.lifetimeTotals(user.id),
      this.ledger.quarterlyStats(user.id, daily, now),
    ]);
    return {
      username: user.username,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      currentUsage,
      dailyLimit: daily,
      totalExtractionsAllTime: totals.extractions,
      totalImagesExtracted: totals.images,
      quarterlyStats,
    };
  }
}
