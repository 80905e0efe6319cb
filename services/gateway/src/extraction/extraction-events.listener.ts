import { OnQueueEvent, QueueEventsHost, QueueEventsListener } from '@nestjs/bullmq';
import { ErrorCode, QueueName, extractionProgressSchema } from '@pixtract/contracts';
import { PinoLogger } from 'nestjs-pino';
import { ExtractionProgressGateway } from '../progress/extraction-progress.gateway';
import { ExtractionFinaliser } from './extraction-finaliser.service';
import { ExtractionQueue } from './extraction.queue';
import { ExtractionRepository } from './extraction.repository';
import { fromEventPayload } from '../queues/event-payload';

/** Follows the extraction queue's event stream (every replica sees every event). */
@QueueEventsListener(QueueName.Extraction)
export class ExtractionEventsListener extends QueueEventsHost {
  constructor(
    private readonly progress: ExtractionProgressGateway,
    private readonly finaliser: ExtractionFinaliser,
    private readonly repository: ExtractionRepository,
    private readonly queue: ExtractionQueue,
    private readonly logger: PinoLogger,
  ) {
    super();
    logger.setContext(ExtractionEventsListener.name);
  }

  @OnQueueEvent('active')
  async onActive({ jobId }: { jobId: string }) {
    await this.guard(jobId, () => this.repository.markRunning(jobId));
  }

  @OnQueueEvent('progress')
  onProgress({ jobId, data }: { jobId: string; data: unknown }) {
    const progress = extractionProgressSchema.safeParse(fromEventPayload(data));
    if (progress.success) this.progress.progress(jobId, progress.data);
  }

  @OnQueueEvent('completed')
  async onCompleted({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) {
    await this.guard(jobId, () => this.finaliser.complete(jobId, fromEventPayload(returnvalue)));
  }

  /** Fires for every failed attempt; only a job that has no attempt left is a failed extraction. */
  @OnQueueEvent('failed')
  async onFailed({ jobId, failedReason }: { jobId: string; failedReason: string }) {
    await this.guard(jobId, async () => {
      const { state } = await this.queue.lookup(jobId);
      if (state !== 'unknown' && state !== 'failed') return;
      this.logger.warn({ extractionId: jobId, failedReason }, 'extraction failed');
      await this.finaliser.fail(jobId, ErrorCode.ExtractionFailed);
    });
  }

  /** An event handler must never throw into the event emitter; GET /api/extractions/:id catches up later. */
  private async guard(extractionId: string, work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      this.logger.error({ err: error, extractionId }, 'queue event handling failed');
    }
  }
}
