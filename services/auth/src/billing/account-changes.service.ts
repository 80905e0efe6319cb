import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountChanged } from '@pixtract/contracts';
import { DataSource } from 'typeorm';
import { AUTH_CONFIG, type AuthConfig } from '../auth.config';

/**
 * Applies billing's account states to users: auth is the only writer of a user's role and limits. One statement
 * records the event id (a repeat finds it and stops) and updates the user only over an older revision (a late event
 * loses to a newer one already applied). The stored role is written; administrators stay administrators because
 * auth lays that role over the stored one when it reads a user (UsersService).
 */
@Injectable()
export class AccountChanges {
  private readonly logger = new Logger(AccountChanges.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** Answers whether the user changed (false for a repeat, an older revision or an unknown user). */
  async apply(event: AccountChanged): Promise<boolean> {
    const { account } = event;
    const registered = this.config.planQuotas.registered;
    // TypeORM answers an UPDATE with [rows, affected count].
    const [, updated]: [unknown[], number] = await this.dataSource.query(
      `WITH recorded AS (
         INSERT INTO "account_events" ("eventId", "userId", "revision") VALUES ($1, $2, $3) ON CONFLICT ("eventId") DO NOTHING RETURNING "eventId"
       )
       UPDATE "users" SET
         "role" = $4, "featureTier" = $4, "membershipPlan" = $5, "membershipStatus" = $6,
         "dailyLimit" = $7, "maxImagesPerExtraction" = $8,
         "subscriptionExpiresAt" = $9, "nextBillingDate" = $10, "lastPaymentDate" = $11, "paypalSubscriptionId" = $12,
         "accountRevision" = $3
       WHERE "id" = $2 AND "accountRevision" < $3 AND EXISTS (SELECT 1 FROM recorded)
       RETURNING "id"`,
      [
        event.eventId,
        event.userId,
        event.revision,
        account.role,
        account.membershipPlan,
        account.membershipStatus,
        account.dailyLimit ?? registered.daily,
        account.maxImagesPerExtraction ?? registered.perExtraction,
        account.subscriptionExpiresAt,
        account.nextBillingDate,
        account.lastPaymentDate,
        account.paypalSubscriptionId,
      ],
    );
    const changed = updated > 0;
    this.logger.log({
      msg: changed ? 'account changed by billing' : 'account event changed nothing',
      eventId: event.eventId,
      userId: event.userId,
      revision: event.revision,
      role: account.role,
    });
    return changed;
  }
}
