import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Limits,
  PlanQuota,
  QuarterlyStats,
  QuotaReservation,
  QuotaReservationRequest,
  Role,
} from '@pixtract/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import type { UserEntity } from '../user/user.entity';
import { UsersService } from '../user/users.service';
import { quarterLengths, quarterOf, utcDay } from './utc-day';

/** Logging in keeps the day's visitor usage: the user's day becomes at least the visitor's. */
const CARRY_OVER_SQL = `
  WITH counter AS (
    INSERT INTO "quota_usage" AS q ("subject", "day", "used")
    SELECT $2, "day", "used" FROM "quota_usage" WHERE "subject" = $1 AND "day" = $3::date
    ON CONFLICT ("subject", "day") DO UPDATE SET "used" = GREATEST(q."used", EXCLUDED."used")
    RETURNING "used"
  )
  UPDATE "users" SET "usedToday" = counter."used", "lastUsageDate" = $3::date FROM counter WHERE "users"."id" = $4::int`;

/** Who an extraction is charged to: a user alone, or a visitor together with the address they call from. */
export interface QuotaSubjects {
  subject: string;
  addressSubject?: string | null;
}

/** One counter an extraction draws on, and its daily allowance. */
interface Allowance {
  subject: string;
  daily: number;
}

/**
 * The daily ledger. A visitor's extraction draws on two counters at once, the visitor's and the address's, and
 * is granted what the smaller remainder allows, so neither a new visitor cookie nor a new address is a fresh day.
 */
@Injectable()
export class QuotaLedger {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly users: UsersService,
  ) {}

  /**
   * Charges the day and records the extraction in one transaction: granted = min(found, per-extraction cap, what
   * every counter has left), read from the counter rows locked FOR UPDATE (in one order, so concurrent
   * reservations serialise without deadlock and never exceed a day). The usage event's primary key (the extraction
   * id) makes it idempotent: a repeat, or a twin racing the first (it waits on the key), finds the event, changes
   * nothing and answers the first grant.
   */
  async reserve(request: QuotaReservationRequest, now: Date): Promise<QuotaReservation> {
    const { role, quota } = await this.quotaOfSubject(request.subject);
    const day = utcDay(now);
    const charged = await this.dataSource.transaction((manager) => this.charge(manager, request, quota, day));
    if (charged)
      return {
        granted: charged.granted,
        limits: await this.limitsOn(request, role, quota, day, { granted: charged.granted, found: request.found }),
      };
    // Already reserved: answer what the first reservation granted, with the day as it stands.
    const [event] = await this.dataSource.query<Array<{ granted: number; found: number; day: string }>>(
      `SELECT "granted", "found", "day"::text AS "day" FROM "usage_events" WHERE "extractionId" = $1`,
      [request.extractionId],
    );
    return {
      granted: event.granted,
      limits: await this.limitsOn(request, role, quota, event.day, { granted: event.granted, found: event.found }),
    };
  }

  private async charge(
    manager: EntityManager,
    request: QuotaReservationRequest,
    quota: PlanQuota,
    day: string,
  ): Promise<{ granted: number } | null> {
    const userId = userIdOf(request.subject);
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "usage_events" ("extractionId", "subject", "userId", "day", "found", "granted") VALUES ($1, $2, $3, $4::date, $5, 0)
       ON CONFLICT ("extractionId") DO NOTHING RETURNING "extractionId"`,
      [request.extractionId, request.subject, userId, day, request.found],
    );
    if (inserted.length === 0) return null;
    const allowances = this.allowancesOf(request, quota);
    const subjects = allowances.map((allowance) => allowance.subject);
    await manager.query(
      `INSERT INTO "quota_usage" ("subject", "day", "used") SELECT s, $2::date, 0 FROM unnest($1::text[]) AS s ORDER BY s ON CONFLICT ("subject", "day") DO NOTHING`,
      [subjects, day],
    );
    const counters: Array<{ subject: string; used: number }> = await manager.query(
      `SELECT "subject", "used" FROM "quota_usage" WHERE "subject" = ANY($1::text[]) AND "day" = $2::date ORDER BY "subject" FOR UPDATE`,
      [subjects, day],
    );
    const left = allowances.map(
      (allowance) => allowance.daily - (counters.find((counter) => counter.subject === allowance.subject)?.used ?? 0),
    );
    const granted = Math.max(0, Math.min(request.found, quota.perExtraction, ...left));
    await manager.query(
      `UPDATE "quota_usage" SET "used" = "used" + $3, "lastGranted" = $3 WHERE "subject" = ANY($1::text[]) AND "day" = $2::date`,
      [subjects, day, granted],
    );
    await manager.query(`UPDATE "usage_events" SET "granted" = $2 WHERE "extractionId" = $1`, [
      request.extractionId,
      granted,
    ]);
    if (userId !== null) {
      // The seed's per-user fields mirror the ledger.
      await manager.query(
        `UPDATE "users" SET "usedToday" = q."used", "lastUsageDate" = $2::date, "currentUsage" = "currentUsage" + $3
           FROM "quota_usage" q WHERE "users"."id" = $4 AND q."subject" = $1 AND q."day" = $2::date`,
        [request.subject, day, granted, userId],
      );
    }
    return { granted };
  }

  /** The caller's day so far and their cap per extraction, for the check before an extraction is queued. */
  async limitsOf(subjects: QuotaSubjects, now: Date): Promise<{ limits: Limits; perExtraction: number }> {
    const { role, quota } = await this.quotaOfSubject(subjects.subject);
    return { limits: await this.limitsOn(subjects, role, quota, utcDay(now)), perExtraction: quota.perExtraction };
  }

  /**
   * The plan's total and what is left of it: the smallest remainder of the counters drawn on. `used` is what the
   * caller can no longer use (at least their own count), so total − used = remaining.
   */
  private async limitsOn(
    subjects: QuotaSubjects,
    role: Role,
    quota: PlanQuota,
    day: string,
    grant?: { granted: number; found: number },
  ): Promise<Limits> {
    const allowances = this.allowancesOf(subjects, quota);
    const used = await Promise.all(allowances.map((allowance) => this.usedOn(allowance.subject, day)));
    const total = quota.daily;
    const remaining = Math.max(
      0,
      Math.min(total - used[0], ...allowances.map((allowance, index) => allowance.daily - used[index])),
    );
    const limits: Limits = { total, used: Math.max(used[0], total - remaining), remaining, role };
    if (grant) Object.assign(limits, { limitApplied: grant.granted < grant.found, totalImagesFound: grant.found });
    return limits;
  }

  /** The counters an extraction draws on, the caller's own first; a visitor's address has its own allowance. */
  private allowancesOf({ subject, addressSubject }: QuotaSubjects, quota: PlanQuota): Allowance[] {
    const own = { subject, daily: quota.daily };
    return addressSubject && addressSubject !== subject
      ? [own, { subject: addressSubject, daily: this.config.addressDailyQuota }]
      : [own];
  }

  async carryOver(visitorSubject: string, userId: number, now: Date): Promise<void> {
    await this.dataSource.query(CARRY_OVER_SQL, [visitorSubject, `user:${userId}`, utcDay(now), userId]);
  }

  async quarterlyStats(userId: number, daily: number, now: Date): Promise<QuarterlyStats> {
    const year = now.getUTCFullYear();
    const rows: Array<{ quarter: number; used: number }> = await this.dataSource.query(
      `SELECT extract(quarter FROM "day")::int AS "quarter", sum("granted")::int AS "used" FROM "usage_events"
        WHERE "subject" = $1 AND "day" >= make_date($2, 1, 1) AND "day" < make_date($2 + 1, 1, 1) GROUP BY 1`,
      [`user:${userId}`, year],
    );
    const [q1, q2, q3, q4] = quarterLengths(year).map((days, index) => ({
      used: rows.find((row) => row.quarter === index + 1)?.used ?? 0,
      total: daily * days,
    }));
    return { q1, q2, q3, q4, currentQuarter: quarterOf(now) };
  }

  async lifetimeTotals(userId: number): Promise<{ extractions: number; images: number }> {
    const [row] = await this.dataSource.query<Array<{ extractions: number; images: number }>>(
      `SELECT count(*)::int AS "extractions", coalesce(sum("granted"), 0)::int AS "images" FROM "usage_events" WHERE "subject" = $1`,
      [`user:${userId}`],
    );
    return row;
  }

  async usedOn(subject: string, day: string): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ used: number }>>(
      `SELECT "used" FROM "quota_usage" WHERE "subject" = $1 AND "day" = $2::date`,
      [subject, day],
    );
    return row?.used ?? 0;
  }

  /**
   * A user's quota: a premium account's own limits (its plan's, set by billing's account events), an administrator's
   * or another role's from the role's plan (with the operators' PIXTRACT_QUOTA_* overrides).
   */
  quotaOf(user: Pick<UserEntity, 'role' | 'dailyLimit' | 'maxImagesPerExtraction'>): PlanQuota {
    if (user.role === 'premium') return { daily: user.dailyLimit, perExtraction: user.maxImagesPerExtraction };
    return this.config.planQuotas[user.role];
  }

  private async quotaOfSubject(subject: string): Promise<{ role: Role; quota: PlanQuota }> {
    const userId = userIdOf(subject);
    const user = userId === null ? null : await this.users.findById(userId);
    if (!user) return { role: 'free', quota: this.config.planQuotas.free };
    return { role: user.role, quota: this.quotaOf(user) };
  }
}

function userIdOf(subject: string): number | null {
  return subject.startsWith('user:') ? Number(subject.slice('user:'.length)) : null;
}
