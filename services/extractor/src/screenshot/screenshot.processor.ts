import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Type } from '@nestjs/common';
import { JobName, QueueName, screenshotJobPayloadSchema, ScreenshotJobResult } from '@pixtract/contracts';
import { SafeFetchError } from '@pixtract/safe-fetch';
import { JobHandlers } from '@pixtract/service-kit';
import { Job, UnrecoverableError } from 'bullmq';
import { ExtractorConfig, extractionWorkerOptions } from '../extractor.config';
import { GracefulWorkerHost } from '../queue/graceful-worker-host';
import { jobPayload } from '../queue/job-payload';
import { ScreenshotService } from './screenshot.service';

/** The `screenshot` queue's worker; declared per config like the extraction processor. */
export function screenshotProcessor(config: ExtractorConfig): Type<WorkerHost> {
  @Processor(QueueName.Screenshot, extractionWorkerOptions(config, config.SCREENSHOT_CONCURRENCY))
  class ScreenshotProcessor extends GracefulWorkerHost {
    constructor(private readonly screenshots: ScreenshotService) {
      super(config.EXTRACTOR_SHUTDOWN_GRACE_MS);
    }

    protected readonly jobs = new JobHandlers(QueueName.Screenshot, {
      [JobName.Screenshot]: (job) => this.screenshot(job),
    });

    private async screenshot(job: Job): Promise<ScreenshotJobResult> {
      const payload = jobPayload(job, screenshotJobPayloadSchema);
      const context = { jobId: job.id, requestId: payload.requestId };
      try {
        const result = await this.screenshots.capture(payload.url);
        this.logger.log({ msg: 'screenshot stored', bytes: result.bytes, height: result.height, ...context });
        return result;
      } catch (error) {
        // A refused address will be refused again: no retry.
        if (error instanceof SafeFetchError) throw new UnrecoverableError(error.message);
        this.logger.warn({ msg: 'screenshot failed', err: error, ...context });
        throw error;
      }
    }
  }
  return ScreenshotProcessor;
}
