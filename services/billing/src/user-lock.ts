import type { EntityManager } from 'typeorm';

/** The advisory-lock space of billing's per-user locks (pg_advisory_xact_lock(space, userId)). */
const USER_LOCK_SPACE = 7001;

/**
 * Holds the user's lock until the transaction of `manager` ends: every change to one user's subscriptions (a
 * request, a webhook, the sweep) runs one at a time, so a double click or two copies of an event cannot interleave.
 */
export async function lockUser(manager: EntityManager, userId: number): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [USER_LOCK_SPACE, userId]);
}
