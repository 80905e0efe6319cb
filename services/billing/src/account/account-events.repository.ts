import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AccountChanged, AccountState } from '@pixtract/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';

interface StoredEvent {
  eventId: string;
  userId: number;
  revision: number;
  account: AccountState;
  occurredAt: Date;
}

const toEvent = (row: StoredEvent): AccountChanged => ({
  eventId: row.eventId,
  userId: row.userId,
  revision: row.revision,
  occurredAt: row.occurredAt.toISOString(),
  account: row.account,
});

/** The outbox of account states for auth: written with the change, published afterwards. */
@Injectable()
export class AccountEventsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async latest(
    manager: EntityManager,
    userId: number,
  ): Promise<{ revision: number; account: AccountState } | undefined> {
    const [row] = await manager.query<Array<{ revision: number; account: AccountState }>>(
      `SELECT "revision", "account" FROM "account_events" WHERE "userId" = $1 ORDER BY "revision" DESC LIMIT 1`,
      [userId],
    );
    return row;
  }

  async append(
    manager: EntityManager,
    userId: number,
    revision: number,
    account: AccountState,
    occurredAt: Date,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "account_events" ("eventId", "userId", "revision", "account", "occurredAt") VALUES ($1, $2, $3, $4, $5)`,
      [randomUUID(), userId, revision, JSON.stringify(account), occurredAt],
    );
  }

  /**
   * Hands the unpublished events, oldest first, to `publish` and marks them published in the same transaction; rows
   * another replica is publishing are skipped, so each goes out once (a crash in between sends it again: the queue
   * and auth drop the repeat by its id).
   */
  async publishPending(publish: (event: AccountChanged) => Promise<void>, batch = 100): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows: StoredEvent[] = await manager.query(
        `SELECT "eventId", "userId", "revision", "account", "occurredAt" FROM "account_events" WHERE "publishedAt" IS NULL
          ORDER BY "occurredAt", "revision" LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      );
      for (const row of rows) await publish(toEvent(row));
      if (rows.length)
        await manager.query(`UPDATE "account_events" SET "publishedAt" = now() WHERE "eventId" = ANY($1)`, [
          rows.map((row) => row.eventId),
        ]);
      return rows.length;
    });
  }
}
