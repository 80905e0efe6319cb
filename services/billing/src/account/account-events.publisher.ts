import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { JobName, QueueName, type AccountChanged } from '@pixtract/contracts';
import type { Queue } from 'bullmq';
import type { EntityManager } from 'typeorm';
import { PlansRepository } from '../plan/plans.repository';
import { UserSubscriptionEntity } from '../subscription/user-subscription.entity';
import { AccountEventsRepository } from './account-events.repository';
import { accountStateOf, REGISTERED_ACCOUNT, sameAccount } from './account-state';

/** Job options of account events: the event id dedupes, retries outlast a restart of auth. */
const JOB_OPTIONS = {
  attempts: 20,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/**
 * Billing's account changes for auth, over the account-events queue. `record` runs inside the transaction that
 * changed a user's subscriptions (under the user's lock): it writes the user's new account state when it differs
 * from the last one sent, with the next revision. `flush` then puts what is unpublished on the queue; the sweep
 * flushes too, so an event whose publishing failed goes out later.
 */
@Injectable()
export class AccountEventsPublisher {
  private readonly logger = new Logger(AccountEventsPublisher.name);
  private flushing: Promise<void> | undefined;
  private again = false;

  constructor(
    @InjectQueue(QueueName.AccountEvents) private readonly queue: Queue<AccountChanged>,
    private readonly events: AccountEventsRepository,
    private readonly plans: PlansRepository,
  ) {}

  async record(manager: EntityManager, userId: number, now: Date): Promise<boolean> {
    const subscriptions = await manager.findBy(UserSubscriptionEntity, { userId });
    const account = accountStateOf(subscriptions, await this.plans.all(manager), now);
    const latest = await this.events.latest(manager, userId);
    if (sameAccount(latest?.account ?? REGISTERED_ACCOUNT, account)) return false;
    await this.events.append(manager, userId, (latest?.revision ?? 0) + 1, account, now);
    return true;
  }

  /** Publishes every unpublished event; concurrent calls share one run (and ask for one more pass). */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        while ((await this.events.publishPending((event) => this.publish(event))) > 0);
      } while (this.again);
    })()
      .catch((error: unknown) =>
        this.logger.error({ msg: 'account events not published yet; the sweep tries again', err: error }),
      )
      .finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async publish(event: AccountChanged): Promise<void> {
    await this.queue.add(JobName.AccountChanged, event, { ...JOB_OPTIONS, jobId: event.eventId });
    this.logger.log({
      msg: 'account event published',
      eventId: event.eventId,
      userId: event.userId,
      revision: event.revision,
      role: event.account.role,
    });
  }
}
