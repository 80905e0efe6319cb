import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ExtractJobPayload, ExtractJobResult, JobName, QueueName, crawlEndedKey } from '@pixtract/contracts';
import { REDIS } from '@pixtract/service-kit';
import { Job, JobState, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';

const DAY_S = 24 * 3600;

/**
 * The one place that decides how crawl page jobs are queued: on the crawl-page queue, which every extractor reads
 * with one slot fewer than it reads single extractions with, so a visitor's page never waits behind a crawl. Pages
 * keep their found order.
 */
@Injectable()
export class CrawlQueue {
  constructor(
    @InjectQueue(QueueName.CrawlPage) private readonly queue: Queue<ExtractJobPayload, ExtractJobResult>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  async enqueue(payloads: ExtractJobPayload[]): Promise<void> {
    if (payloads.length === 0) return;
    await this.queue.addBulk(
      payloads.map((payload) => ({
        name: JobName.Extract,
        data: payload,
        opts: {
          // The page id is the job id: adding a page twice (two replicas, a sweep) queues it once.
          jobId: payload.extractionId,
          attempts: 2,
          backoff: { type: 'exponential', delay: 2000 },
          removeOnComplete: { age: DAY_S },
          removeOnFail: { age: 7 * DAY_S },
        },
      })),
    );
  }

  /** State first, then the job (see ExtractionQueue.lookup). */
  async lookup(
    pageId: string,
  ): Promise<{ state: JobState | 'unknown'; job?: Job<ExtractJobPayload, ExtractJobResult> }> {
    const state = await this.queue.getJobState(pageId);
    const job = state === 'unknown' ? undefined : await this.queue.getJob(pageId);
    return job ? { state, job } : { state: 'unknown' };
  }

  /**
   * Takes a stopped or limited crawl's waiting pages off the queue. A page a worker holds cannot be removed: the
   * crawl's ended mark tells the worker not to fetch it. A page being read finishes.
   */
  async remove(crawlId: string, pageIds: string[]): Promise<void> {
    await this.redis.set(crawlEndedKey(this.config.QUEUE_PREFIX, crawlId), '1', 'EX', DAY_S);
    await Promise.all(
      pageIds.map(async (id) => {
        const job = await this.queue.getJob(id);
        if (job && !(await job.isActive())) await job.remove().catch(() => undefined);
      }),
    );
  }
}
