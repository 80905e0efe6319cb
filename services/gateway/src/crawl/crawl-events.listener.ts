import { OnQueueEvent, QueueEventsHost, QueueEventsListener } from '@nestjs/bullmq';
import { ErrorCode, QueueName, crawlPageProgressSchema } from '@pixtract/contracts';
import { PinoLogger } from 'nestjs-pino';
import { CrawlEventSlots } from './crawl-event-slots';
import { CrawlFinaliser } from './crawl-finaliser.service';
import { CrawlProgressGateway } from './crawl-progress.gateway';
import { CrawlQueue } from './crawl.queue';
import { CrawlRepository } from './crawl.repository';
import { CrawlWarnings } from './crawl-warnings.service';
import { fromEventPayload } from '../queues/event-payload';

/**
 * Follows the crawl-page queue's events (every replica sees every event; each write below lets one replica act).
 * A result without `crawl` or a job without a stored page changes nothing. The work runs in this replica's crawl
 * event slots, so a busy crawl never takes every database connection from visitors' requests.
 */
@QueueEventsListener(QueueName.CrawlPage)
export class CrawlEventsListener extends QueueEventsHost {
  constructor(
    private readonly repository: CrawlRepository,
    private readonly finaliser: CrawlFinaliser,
    private readonly progress: CrawlProgressGateway,
    private readonly warnings: CrawlWarnings,
    private readonly queue: CrawlQueue,
    private readonly slots: CrawlEventSlots,
    private readonly logger: PinoLogger,
  ) {
    super();
    logger.setContext(CrawlEventsListener.name);
  }

  @OnQueueEvent('progress')
  async onProgress({ jobId, data }: { jobId: string; data: unknown }) {
    const parsed = crawlPageProgressSchema.safeParse(fromEventPayload(data));
    if (!parsed.success) return;
    const { crawlId, worker, backoff } = parsed.data;
    await this.guard(jobId, async () => {
      if (backoff) await this.warnings.hostBackedOff(crawlId, jobId, backoff.status);
      if ((await this.repository.markRunning(jobId, worker)) || backoff)
        await this.progress.publish(crawlId, { page: jobId });
    });
  }

  @OnQueueEvent('completed')
  async onCompleted({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) {
    const result = fromEventPayload(returnvalue) as { crawl?: unknown } | undefined;
    if (!result?.crawl) return;
    await this.guard(jobId, () => this.finaliser.complete(jobId, result));
  }

  /** Fires for every failed attempt; only a job with no attempt left is a failed page. */
  @OnQueueEvent('failed')
  async onFailed({ jobId }: { jobId: string }) {
    await this.guard(jobId, async () => {
      const { state } = await this.queue.lookup(jobId);
      if (state === 'unknown' || state === 'failed') await this.finaliser.fail(jobId, ErrorCode.ExtractionFailed);
    });
  }

  /** Never throw into the event emitter: the sweep catches up with what failed here. */
  private async guard(pageId: string, work: () => Promise<unknown>) {
    try {
      await this.slots.run(work);
    } catch (error) {
      this.logger.error({ err: error, pageId }, 'crawl queue event handling failed');
    }
  }
}
