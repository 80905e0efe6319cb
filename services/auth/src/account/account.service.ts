import { Inject, Injectable } from '@nestjs/common';
import { AuthUser } from '@pixtract/contracts';
import type { Request } from 'express';
import { CLOCK, Clock } from '../quota/clock';
import { QuotaLedger } from '../quota/quota-ledger.service';
import { utcDay } from '../quota/utc-day';
import { visitorSubjectOf } from '../quota/visitor-identity';
import { UserEntity } from '../user/user.entity';
import { toAuthUser } from './auth-user.presenter';
import { logIn } from './log-in';

/** A user with today's usage, as the status, login and register answers show it. */
@Injectable()
export class AccountService {
  constructor(
    private readonly ledger: QuotaLedger,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async present(user: UserEntity): Promise<AuthUser> {
    const used = await this.ledger.usedOn(`user:${user.id}`, utcDay(this.clock()));
    const quota = this.ledger.quotaOf(user);
    return toAuthUser(user, quota.daily, quota.perExtraction, used);
  }

  /**
   * A fresh session id (no fixation) holding the user, then the visitor's day on this browser
   * carried over to the account: signing in is no reset.
   */
  async signIn(req: Request, user: UserEntity): Promise<void> {
    await logIn(req, user);
    const visitor = visitorSubjectOf(req);
    if (visitor) await this.ledger.carryOver(visitor, user.id, this.clock());
  }
}
