import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Type } from '@nestjs/common';
import { crawlPageJobSchema, ExtractJobResult, extractJobPayloadSchema, JobName, QueueName } from '@pixtract/contracts';
import { JobHandlers } from '@pixtract/service-kit';
import { Job } from 'bullmq';
import { ExtractorConfig, extractionWorkerOptions } from '../extractor.config';
import { GracefulWorkerHost } from '../queue/graceful-worker-host';
import { jobPayload } from '../queue/job-payload';
import { CrawlPageService } from './crawl-page.service';

/**
 * Crawl pages a worker reads at once: one fewer than single extractions (at least one), so a visitor's page
 * always finds a slot free however busy a crawl keeps the worker.
 */
export const crawlPageConcurrency = (config: ExtractorConfig): number => Math.max(1, config.EXTRACTOR_CONCURRENCY - 1);

const crawlPagePayloadSchema = extractJobPayloadSchema.extend({ crawl: crawlPageJobSchema });

/** The `crawl-page` queue's worker; declared per config like the extraction processor. */
export function crawlPageProcessor(config: ExtractorConfig): Type<WorkerHost> {
  @Processor(QueueName.CrawlPage, extractionWorkerOptions(config, crawlPageConcurrency(config)))
  class CrawlPageProcessor extends GracefulWorkerHost {
    constructor(private readonly crawlPages: CrawlPageService) {
      super(config.EXTRACTOR_SHUTDOWN_GRACE_MS);
    }

    protected readonly jobs = new JobHandlers(QueueName.CrawlPage, {
      // A crawl page may wait for its host: `token` moves it back to the queue, delayed.
      [JobName.Extract]: (job, token) => this.read(job, token),
    });

    private read(job: Job, token?: string): Promise<ExtractJobResult> {
      return this.crawlPages.read(job, jobPayload(job, crawlPagePayloadSchema), token);
    }
  }
  return CrawlPageProcessor;
}
