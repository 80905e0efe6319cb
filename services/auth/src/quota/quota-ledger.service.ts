import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Limits, PlanQuota, QuarterlyStats, QuotaReservation, QuotaReservationRequest, Role } from '@pixtract/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../postgres-errors';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';
import type { UserEntity } from '../user/user.entity';
import { UsersService } from '../user/users.service';
import { quarterLengths, quarterOf, utcDay } from './utc-day';

/**
 * Charges the subject's day and records the extraction in ONE statement. The grant is computed
 * from the counter row as the upsert locks it (no read-then-write), so concurrent reservations
 * serialise on that row and never exceed the day. The usage event's primary key (the extraction
 * id) makes it idempotent: a second reservation either finds the event and changes nothing, or —
 * racing the first — violates the key, which rolls the whole statement back, counter included.
 */
const RESERVE_SQL = `
  WITH counter AS (
    INSERT INTO "quota_usage" AS q ("subject", "day", "used", "lastGranted")
    SELECT $2, $3::date, LEAST($4::int, $5::int, $6::int), LEAST($4::int, $5::int, $6::int)
     WHERE NOT EXISTS (SELECT 1 FROM "usage_events" WHERE "extractionId" = $1)
    ON CONFLICT ("subject", "day") DO UPDATE
       SET "lastGranted" = LEAST($4::int, $5::int, GREATEST($6::int - q."used", 0)),
           "used" = q."used" + LEAST($4::int, $5::int, GREATEST($6::int - q."used", 0))
    RETURNING "used", "lastGranted"
  ), event AS (
    INSERT INTO "usage_events" ("extractionId", "subject", "userId", "day", "found", "granted")
    SELECT $1, $2, $7::int, $3::date, $4::int, "lastGranted" FROM counter
  ), seed_fields AS (
    UPDATE "users" SET "usedToday" = counter."used", "lastUsageDate" = $3::date, "currentUsage" = "currentUsage" + counter."lastGranted"
      FROM counter WHERE "users"."id" = $7::int
  )
  SELECT "used", "lastGranted" AS "granted" FROM counter`;

/** Logging in keeps the day's visitor usage: the user's day becomes at least the visitor's. */
const CARRY_OVER_SQL = `
  WITH counter AS (
    INSERT INTO "quota_usage" AS q ("subject", "day", "used")
    SELECT $2, "day", "used" FROM "quota_usage" WHERE "subject" = $1 AND "day" = $3::date
    ON CONFLICT ("subject", "day") DO UPDATE SET "used" = GREATEST(q."used", EXCLUDED."used")
    RETURNING "used"
  )
  UPDATE "users" SET "usedToday" = counter."used", "lastUsageDate" = $3::date FROM counter WHERE "users"."id" = $4::int`;

@Injectable()
export class QuotaLedger {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly users: UsersService,
  ) {}

  async reserve(request: QuotaReservationRequest, now: Date): Promise<QuotaReservation> {
    const { role, quota } = await this.quotaOfSubject(request.subject);
    const day = utcDay(now);
    const params = [request.extractionId, request.subject, day, request.found, quota.perExtraction, quota.daily, userIdOf(request.subject)];
    let rows: Array<{ used: number; granted: number }> = [];
    try {
      rows = await this.dataSource.query(RESERVE_SQL, params);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const [charged] = rows;
    if (charged) return { granted: charged.granted, limits: this.limits(role, quota, charged.used, { granted: charged.granted, found: request.found }) };
    // Already reserved: answer what the first reservation granted, with the day as it stands.
    const [event] = await this.dataSource.query(`SELECT "granted", "found", "day"::text AS "day" FROM "usage_events" WHERE "extractionId" = $1`, [request.extractionId]);
    const used = await this.usedOn(request.subject, event.day);
    return { granted: event.granted, limits: this.limits(role, quota, used, { granted: event.granted, found: event.found }) };
  }

  /** The subject's day so far and their cap per extraction, for the check before an extraction is queued. */
  async limitsOf(subject: string, now: Date): Promise<{ limits: Limits; perExtraction: number }> {
    const [{ role, quota }, used] = await Promise.all([this.quotaOfSubject(subject), this.usedOn(subject, utcDay(now))]);
    return { limits: this.limits(role, quota, used), perExtraction: quota.perExtraction };
  }

  /**
   * A browser's first extraction is charged to its address (it had no visitor cookie yet); the
   * visitor's day starts from there, so taking the cookie is no fresh start.
   */
  async startVisitorDay(visitorSubject: string, addressSubject: string, now: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "quota_usage" ("subject", "day", "used") SELECT $1, "day", "used" FROM "quota_usage" WHERE "subject" = $2 AND "day" = $3::date
       ON CONFLICT ("subject", "day") DO NOTHING`,
      [visitorSubject, addressSubject, utcDay(now)],
    );
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
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS "extractions", coalesce(sum("granted"), 0)::int AS "images" FROM "usage_events" WHERE "subject" = $1`,
      [`user:${userId}`],
    );
    return row;
  }

  async usedOn(subject: string, day: string): Promise<number> {
    const [row] = await this.dataSource.query(`SELECT "used" FROM "quota_usage" WHERE "subject" = $1 AND "day" = $2::date`, [subject, day]);
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

  private limits(role: Role, quota: PlanQuota, used: number, grant?: { granted: number; found: number }): Limits {
    const total = quota.daily;
    const limits: Limits = { total, used, remaining: Math.max(total - used, 0), role };
    if (grant) Object.assign(limits, { limitApplied: grant.granted < grant.found, totalImagesFound: grant.found });
    return limits;
  }
}

function userIdOf(subject: string): number | null {
  return subject.startsWith('user:') ? Number(subject.slice('user:'.length)) : null;
}
