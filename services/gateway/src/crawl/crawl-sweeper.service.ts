import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ErrorCode } from '@pixtract/contracts';
import { PinoLogger } from 'nestjs-pino';
import { GATEWAY_CONFIG, GatewayConfig } from '../gateway.config';
import { CrawlEventSlots } from './crawl-event-slots';
import { CrawlFinaliser } from './crawl-finaliser.service';
import { CrawlFrontier } from './crawl-frontier.service';
import { CrawlQueue } from './crawl.queue';
import { CrawlRepository } from './crawl.repository';

/** Pages checked per sweep, oldest first. */
const SWEEP_BATCH = 200;

/**
 * What makes a gateway restart lose nothing: queue events are not replayed to a process that was down, so every
 * replica looks, at start and every CRAWL_SWEEP_MS, at the unfinished pages of active crawls: a completed job is
 * finished from its stored result, a failed one failed, a page whose job is missing (stored, then the process died
 * before queueing it) queued; an active crawl with no unfinished page is ended. All of it idempotent, and in the
 * crawl event slots like the events' own work (it takes the crawl's lock the same way).
 */
@Injectable()
export class CrawlSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private sweeping?: Promise<void>;

  constructor(
    private readonly repository: CrawlRepository,
    private readonly finaliser: CrawlFinaliser,
    private readonly frontier: CrawlFrontier,
    private readonly queue: CrawlQueue,
    private readonly slots: CrawlEventSlots,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly logger: PinoLogger,
  ) {
    logger.setContext(CrawlSweeper.name);
  }

  onApplicationBootstrap(): void {
    const tick = () => {
      this.sweeping = this.sweep()
        .catch((error: unknown) => this.logger.error({ err: error }, 'crawl sweep failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.config.CRAWL_SWEEP_MS);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }

  async sweep(): Promise<void> {
    for (const { id, crawlId } of await this.repository.unfinishedPages(this.config.CRAWL_SWEEP_MS, SWEEP_BATCH)) {
      const { state, job } = await this.queue.lookup(id);
      if (state === 'completed' && job) await this.slots.run(() => this.finaliser.complete(id, job.returnvalue));
      else if (state === 'failed') await this.slots.run(() => this.finaliser.fail(id, ErrorCode.ExtractionFailed));
      else if (state === 'unknown') {
        const [crawl, page] = await Promise.all([this.repository.find(crawlId), this.repository.findPage(id)]);
        if (crawl && page && page.status === 'queued') await this.queue.enqueue([this.frontier.jobOf(crawl, page)]);
      }
    }
    for (const crawlId of await this.repository.idleActiveCrawls())
      await this.slots.run(() => this.finaliser.settleIdle(crawlId));
  }
}
