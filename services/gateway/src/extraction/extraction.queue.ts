import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ExtractJobPayload, ExtractJobResult, JobName, QueueName } from '@pixtract/contracts';
import { Job, JobState, Queue } from 'bullmq';

const DAY_S = 24 * 3600;

/** The one place that decides how extraction jobs are queued; nothing else touches the Queue. */
@Injectable()
export class ExtractionQueue {
  constructor(@InjectQueue(QueueName.Extraction) private readonly queue: Queue<ExtractJobPayload, ExtractJobResult>) {}

  async enqueue(payload: ExtractJobPayload): Promise<void> {
    await this.queue.add(JobName.Extract, payload, {
      // The extraction id doubles as job id: adding the same extraction twice queues it once.
      jobId: payload.extractionId,
      // A crashed browser is worth one more try; page-level errors come back as results, not failures.
      attempts: 2,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: { age: DAY_S },
      removeOnFail: { age: 7 * DAY_S },
    });
  }

  /**
   * The job's state, then the job — in that order. A job read first can finish before its state is read,
   * and would then look completed while holding the result it did not have yet (null).
   */
  async lookup(
    extractionId: string,
  ): Promise<{ state: JobState | 'unknown'; job?: Job<ExtractJobPayload, ExtractJobResult> }> {
    const state = await this.queue.getJobState(extractionId);
    const job = state === 'unknown' ? undefined : await this.queue.getJob(extractionId);
    // Removed between the two reads (its retention ran out): as good as never found.
    return job ? { state, job } : { state: 'unknown' };
  }
}
