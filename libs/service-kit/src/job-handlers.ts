import { JobName, QUEUE_JOBS, QueueName } from '@pixtract/contracts';
import { Job, UnrecoverableError } from 'bullmq';

/** What a worker does with one job of a name; `token` is the job's lock. */
export type JobHandler = (job: Job, token?: string) => Promise<unknown>;

/**
 * A queue's worker as a map job name → handler (immich's habit). Made when the worker is, so a worker without a
 * handler for a job name the contracts give its queue fails the service's start-up, naming what is missing, instead
 * of failing those jobs one by one once they arrive.
 */
export class JobHandlers {
  constructor(
    private readonly queue: QueueName,
    private readonly handlers: Partial<Record<JobName, JobHandler>>,
  ) {
    const missing = QUEUE_JOBS[queue].filter((name) => !handlers[name]);
    if (missing.length > 0)
      throw new Error(
        `The "${queue}" queue's worker has no handler for ${missing.map((name) => `"${name}"`).join(', ')}: every job name the contracts give the queue needs one.`,
      );
  }

  /**
   * Runs the job's handler. A job of a name this worker does not know (a foreign job in the queue) would fail the same
   * way on every attempt: UnrecoverableError stops BullMQ retrying it.
   */
  handle(job: Job, token?: string): Promise<unknown> {
    const handler = this.handlers[job.name as JobName];
    if (!handler) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${this.queue}".`);
    return handler(job, token);
  }
}
