import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Verified webhook events, once each under PayPal's event id. */
@Injectable()
export class WebhookEventRepository {
  /**
   * Stores the event in the caller's transaction; false when its id is already there. Two copies arriving together
   * meet on the primary key: the second waits for the first's transaction and then finds it.
   */
  async store(
    manager: EntityManager,
    event: { id: string; event_type: string; resource: Record<string, unknown> },
    raw: string,
  ): Promise<boolean> {
    const resourceId = typeof event.resource.id === 'string' ? event.resource.id : null;
    const inserted: unknown[] = await manager.query(
      `INSERT INTO "paypal_webhook_events" ("id", "eventType", "resourceId", "payload") VALUES ($1, $2, $3, $4) ON CONFLICT ("id") DO NOTHING RETURNING "id"`,
      [event.id, event.event_type, resourceId, raw],
    );
    return inserted.length > 0;
  }
}
