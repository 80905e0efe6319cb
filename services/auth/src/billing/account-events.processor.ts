import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Logger } from '@nestjs/common';
import { accountChangedSchema, JobName, QueueName } from '@pixtract/contracts';
import { JobHandlers } from '@pixtract/service-kit';
import { Job, UnrecoverableError } from 'bullmq';
import { AccountChanges } from './account-changes.service';

/** How long shutting down waits for a worker that is still connecting. */
const CONNECT_WAIT_MS = 2000;

/** The account-events queue's worker: billing's account states, applied by AccountChanges. */
@Processor(QueueName.AccountEvents)
export class AccountEventsProcessor extends WorkerHost implements BeforeApplicationShutdown {
  private readonly logger = new Logger(AccountEventsProcessor.name);

  constructor(private readonly changes: AccountChanges) {
    super();
  }

  private readonly jobs = new JobHandlers(QueueName.AccountEvents, {
    [JobName.AccountChanged]: (job) => this.accountChanged(job),
  });

  process(job: Job): Promise<unknown> {
    return this.jobs.handle(job);
  }

  private async accountChanged(job: Job): Promise<{ changed: boolean }> {
    // A malformed payload fails the same on every attempt: no retries.
    const event = accountChangedSchema.safeParse(job.data);
    if (!event.success)
      throw new UnrecoverableError(`Invalid ${JobName.AccountChanged} job payload: ${event.error.message}`);
    return { changed: await this.changes.apply(event.data) };
  }

  /** A lost Redis connection is logged; the worker reconnects by itself and jobs wait in Redis meanwhile. */
  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.warn({ msg: 'account events worker error', err: error });
  }

  /**
   * SIGTERM: finish the job in hand before the database closes. A worker closed while it is still connecting drops
   * its error listeners first, and its connection's failure then surfaces as an unhandled 'error' (BullMQ): it may
   * finish connecting first, for a moment at most.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.race([
      this.worker.waitUntilReady().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref()),
    ]);
    await this.worker.close();
  }
}
