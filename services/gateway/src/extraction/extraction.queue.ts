import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ExtractJobPayload, ExtractJobResult, JobName, QueueName } from '@pixtract/contracts';
import { Job, Queue } from 'bullmq';

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

  find(extractionId: string): Promise<Job<ExtractJobPayload, ExtractJobResult> | undefined> {
    return this.queue.getJob(extractionId);
  }
}
