import { Injectable } from '@nestjs/common';
import type { ExtractJobPayload, ExtractJobResult } from '@pixtract/contracts';
import { Histogram, METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';
import type { Job } from 'bullmq';

/** Seconds: a static page in under a second, a long gallery up to the job's time limit. */
const DURATION_BUCKETS = [0.25, 0.5, 1, 2, 3, 5, 8, 13, 20, 30, 45, 60, 90];
const IMAGE_BUCKETS = [0, 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 10000];
/** Seconds a job waited in the queue before a worker took it: how far behind the workers are. */
const WAIT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/**
 * What each extraction attempt cost and found. `outcome`: `success`; `page_error` (the job succeeded with an error
 * the person reads: host not found, timeout); `failed` (the attempt threw — a lost browser — and BullMQ retries
 * it). `method` is the path that ran (`static`, `browser`, `auto:browser`), or the mode asked for when it threw.
 */
@Injectable()
export class ExtractionMetrics {
  private readonly duration: Histogram<'method' | 'outcome'>;
  private readonly images: Histogram<'method'>;
  private readonly queueWait: Histogram;

  constructor(metrics: MetricsRegistry) {
    this.duration = metrics.histogram({
      name: `${METRIC_PREFIX}extraction_duration_seconds`,
      help: 'Extraction attempts: time from a worker taking the job to its result, by method and outcome',
      labelNames: ['method', 'outcome'],
      buckets: DURATION_BUCKETS,
    });
    this.images = metrics.histogram({
      name: `${METRIC_PREFIX}extraction_images_found`,
      help: 'Images found per completed extraction (before plan limits), by method',
      labelNames: ['method'],
      buckets: IMAGE_BUCKETS,
    });
    this.queueWait = metrics.histogram({
      name: `${METRIC_PREFIX}extraction_queue_wait_seconds`,
      help: 'Time an extraction job waited in the queue before a worker took it',
      buckets: WAIT_BUCKETS,
    });
  }

  /** Times one attempt of `job`, recording how long it waited first. */
  async measure(
    job: Pick<Job, 'processedOn' | 'timestamp'>,
    mode: ExtractJobPayload['mode'],
    attempt: () => Promise<ExtractJobResult>,
  ): Promise<ExtractJobResult> {
    if (job.processedOn) this.queueWait.observe(Math.max(0, job.processedOn - job.timestamp) / 1000);
    const stop = this.duration.startTimer();
    try {
      const result = await attempt();
      const method = result.performanceInfo.method;
      stop({ method, outcome: result.error ? 'page_error' : 'success' });
      if (!result.error) this.images.observe({ method }, result.totalImagesFound);
      return result;
    } catch (error) {
      stop({ method: mode, outcome: 'failed' });
      throw error;
    }
  }
}
