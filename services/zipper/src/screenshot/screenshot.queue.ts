import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { JobName, QueueName, type ScreenshotJobPayload, type ScreenshotJobResult } from '@pixtract/contracts';
import { redisConnectionOptions } from '@pixtract/service-kit';
import { Queue, QueueEvents } from 'bullmq';
import { ZIPPER_CONFIG, type ZipperConfig } from '../zipper.config';

/**
 * The one place that queues screenshot jobs and decides their options. The job id is the page's cache key, so
 * concurrent requests for one page share one render; finished jobs are removed at once, so a later request
 * after the cache expired renders again instead of finding the old job.
 */
@Injectable()
export class ScreenshotQueue implements OnModuleDestroy {
  /** Opened on the first screenshot: QueueEvents holds a blocking connection a process without screenshots need not pay for. */
  private connections?: { queue: Queue<ScreenshotJobPayload, ScreenshotJobResult>; events: QueueEvents };

  constructor(@Inject(ZIPPER_CONFIG) private readonly config: ZipperConfig) {}

  /** Queues (or joins) the render of `url` and waits for it, at most `waitMs`. Rejects when it fails or times out. */
  async render(cacheKey: string, payload: ScreenshotJobPayload, waitMs: number): Promise<ScreenshotJobResult> {
    const { queue, events } = this.open();
    await events.waitUntilReady();
    const job = await queue.add(JobName.Screenshot, payload, {
      jobId: cacheKey,
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: true,
    });
    return job.waitUntilFinished(events, waitMs);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.connections) await Promise.all([this.connections.events.close(), this.connections.queue.close()]);
  }

  private open() {
    if (!this.connections) {
      const options = { connection: redisConnectionOptions(this.config.REDIS_URL), prefix: this.config.QUEUE_PREFIX };
      this.connections = {
        queue: new Queue(QueueName.Screenshot, options),
        events: new QueueEvents(QueueName.Screenshot, options),
      };
    }
    return this.connections;
  }
}
