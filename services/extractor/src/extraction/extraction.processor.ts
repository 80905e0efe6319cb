import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Type } from '@nestjs/common';
import { ExtractJobResult, extractJobPayloadSchema, JobName, QueueName } from '@pixtract/contracts';
import { JobHandlers, VisitorPresence } from '@pixtract/service-kit';
import { Job } from 'bullmq';
import { ExtractorConfig, extractionWorkerOptions } from '../extractor.config';
import { GracefulWorkerHost } from '../queue/graceful-worker-host';
import { jobPayload } from '../queue/job-payload';
import { ExtractionMetrics } from './extraction.metrics';
import { ExtractionService } from './extraction.service';

/**
 * The `extraction` queue's worker. Its options (concurrency, lock, stalled check) come from the validated config,
 * which exists only at boot, while @Processor wants them when the class is declared: so the class is declared
 * per config.
 */
export function extractionProcessor(config: ExtractorConfig): Type<WorkerHost> {
  @Processor(QueueName.Extraction, extractionWorkerOptions(config))
  class ExtractionProcessor extends GracefulWorkerHost {
    constructor(
      private readonly extraction: ExtractionService,
      private readonly metrics: ExtractionMetrics,
      private readonly visitors: VisitorPresence,
    ) {
      super(config.EXTRACTOR_SHUTDOWN_GRACE_MS);
    }

    protected readonly jobs = new JobHandlers(QueueName.Extraction, {
      [JobName.Extract]: (job) => this.extract(job),
    });

    private async extract(job: Job): Promise<ExtractJobResult> {
      const payload = jobPayload(job, extractJobPayloadSchema);
      const context = { jobId: job.id, extractionId: payload.extractionId, requestId: payload.requestId };
      this.logger.log({ msg: 'extraction started', url: payload.url, attempt: job.attemptsMade + 1, ...context });
      try {
        // Marked running on this machine: crawl pages wait to start until it ends.
        const result = await this.visitors.during(() =>
          this.metrics.measure(job, payload.mode, () =>
            this.extraction.extract(payload, context, (progress) => job.updateProgress(progress)),
          ),
        );
        this.logger.log({
          msg: 'extraction finished',
          images: result.totalImagesFound,
          timeMs: result.performanceInfo.timeMs,
          error: result.error,
          ...context,
        });
        return result;
      } catch (error) {
        this.logger.error({
          msg: 'extraction attempt failed; BullMQ retries it while attempts remain',
          err: error,
          ...context,
        });
        throw error;
      }
    }
  }
  return ExtractionProcessor;
}
