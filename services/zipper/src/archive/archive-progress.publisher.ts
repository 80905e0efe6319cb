import { Inject, Injectable, Logger } from '@nestjs/common';
import { archiveProgressChannel, type ArchiveProgress } from '@pixtract/contracts';
import { REDIS } from '@pixtract/service-kit';
import type { Redis } from 'ioredis';
import { ZIPPER_CONFIG, type ZipperConfig } from '../zipper.config';

/**
 * Tells the gateway how far an archive is, on a Redis channel: the gateway owns the browsers' sockets, and any
 * replica of it may hold the one following this download. Progress is a courtesy: a lost message costs nothing.
 */
@Injectable()
export class ArchiveProgressPublisher {
  private readonly logger = new Logger(ArchiveProgressPublisher.name);
  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ZIPPER_CONFIG) config: ZipperConfig,
  ) {
    this.channel = archiveProgressChannel(config.QUEUE_PREFIX);
  }

  publish(progress: ArchiveProgress): void {
    this.redis
      .publish(this.channel, JSON.stringify(progress))
      .catch((error: unknown) =>
        this.logger.warn({ err: error, downloadId: progress.downloadId }, 'archive progress not published'),
      );
  }
}
