import { Injectable } from '@nestjs/common';
import { Counter, METRIC_PREFIX, MetricsRegistry } from '@pixtract/service-kit';

/** How an archive ended: sent whole, broken off by a failure, or left by its client. */
export type ArchiveOutcome = 'completed' | 'failed' | 'abandoned';

/** ZIP archives: bytes sent, how each ended, and the images they could not include. */
@Injectable()
export class ArchiveMetrics {
  private readonly bytes: Counter;
  private readonly archives: Counter<'outcome'>;
  private readonly imageFailures: Counter;

  constructor(metrics: MetricsRegistry) {
    this.bytes = metrics.counter({
      name: `${METRIC_PREFIX}zip_bytes_total`,
      help: 'Bytes of ZIP archives streamed to clients',
    });
    this.archives = metrics.counter({
      name: `${METRIC_PREFIX}zip_archives_total`,
      help: 'ZIP archives by outcome: completed, failed (cut short by an error), abandoned (the client left)',
      labelNames: ['outcome'],
    });
    this.imageFailures = metrics.counter({
      name: `${METRIC_PREFIX}zip_image_failures_total`,
      help: 'Images an archive could not include (listed in its failed-downloads.txt)',
    });
    for (const outcome of ['completed', 'failed', 'abandoned'] satisfies ArchiveOutcome[])
      this.archives.inc({ outcome }, 0);
  }

  record(outcome: ArchiveOutcome, bytes: number, failedImages: number): void {
    this.archives.inc({ outcome });
    this.bytes.inc(bytes);
    this.imageFailures.inc(failedImages);
  }
}
