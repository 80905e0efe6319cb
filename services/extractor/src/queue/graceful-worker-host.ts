import { WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Logger } from '@nestjs/common';
import type { JobHandlers } from '@pixtract/service-kit';
import type { Job } from 'bullmq';

/**
 * A queue's worker that stops well. On SIGTERM it takes no new job and lets the running ones finish, for at most
 * `graceMs`; a job still running then is handed back to the queue (moved to waiting, its lock released), so
 * another worker starts it at once rather than after its lock lapses — its unfinished attempt here can no longer
 * complete it, for completing needs the lock. Subclasses give their handlers by job name (`jobs`) instead of `process`.
 */
export abstract class GracefulWorkerHost extends WorkerHost implements BeforeApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private readonly running = new Map<string, { job: Job; token?: string }>();

  protected constructor(private readonly graceMs: number) {
    super();
  }

  /** The handlers by job name; each gets the job's lock, for moving it back to the queue from inside (a crawl page waiting for its host). */
  protected abstract readonly jobs: JobHandlers;

  async process(job: Job, token?: string): Promise<unknown> {
    this.running.set(job.id!, { job, token });
    try {
      return await this.jobs.handle(job, token);
    } finally {
      this.running.delete(job.id!);
    }
  }

  /** Before the browser and Redis close (Nest's order), so finishing jobs still have both. */
  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.graceMs)));
    const finished = await Promise.race([this.worker.close().then(() => true as const), graceOver]);
    clearTimeout(timer);
    if (finished) return;
    const unfinished = [...this.running.values()];
    this.logger.warn({
      msg: 'shutdown grace period over: handing unfinished jobs back to the queue',
      graceMs: this.graceMs,
      jobIds: unfinished.map(({ job }) => job.id),
    });
    await Promise.all(
      unfinished.map(({ job, token }) =>
        job.moveToWait(token).catch((error: unknown) =>
          this.logger.warn({
            msg: 'could not hand a job back; its lock will lapse instead',
            jobId: job.id,
            err: error,
          }),
        ),
      ),
    );
  }
}
