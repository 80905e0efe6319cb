import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { JobName, QueueName, type ScreenshotJobPayload, type ScreenshotJobResult } from '@pixtract/contracts';
import { Queue, QueueEvents } from 'bullmq';
import { ZIPPER_CONFIG, type ZipperConfig } from '../zipper.config';

/**
 * The one place that queues screenshot jobs and decides their options. The job id is the page's cache key, so
 * concurrent requests for one page share one render; finished jobs are removed at once, so a later request
 * after the cache expired renders again instead of finding the old job. At most SCREENSHOT_RENDERS_AT_ONCE
 * render at once across every extractor (BullMQ's global concurrency); the others wait in the queue.
 */
@Injectable()
export class ScreenshotQueue implements OnModuleInit, OnModuleDestroy {
  /** Opened on the first screenshot: QueueEvents holds a blocking connection a process without screenshots need not pay for. */
  private events?: QueueEvents;

  constructor(
    @InjectQueue(QueueName.Screenshot) private readonly queue: Queue<ScreenshotJobPayload, ScreenshotJobResult>,
    @Inject(ZIPPER_CONFIG) private readonly config: ZipperConfig,
  ) {}

  private readonly logger = new Logger(ScreenshotQueue.name);

  /**
   * Not awaited: a zipper whose Redis is down still starts and says so on /ready; the bound is written once Redis
   * answers (the command waits in the client's offline queue).
   */
  onModuleInit(): void {
    this.queue
      .setGlobalConcurrency(this.config.SCREENSHOT_RENDERS_AT_ONCE)
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not set the screenshot concurrency bound'));
  }

  /** Queues (or joins) the render of `url` and waits for it, at most `waitMs`. Rejects when it fails or times out. */
  async render(cacheKey: string, payload: ScreenshotJobPayload, waitMs: number): Promise<ScreenshotJobResult> {
    this.events ??= new QueueEvents(QueueName.Screenshot, {
      connection: this.queue.opts.connection,
      prefix: this.queue.opts.prefix,
    });
    await this.events.waitUntilReady();
    const job = await this.queue.add(JobName.Screenshot, payload, {
      jobId: cacheKey,
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: true,
    });
    return job.waitUntilFinished(this.events, waitMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}
