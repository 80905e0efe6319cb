import { JobName, QueueName } from '@pixtract/contracts';
import { JobHandlers } from '@pixtract/service-kit';
import type { WorkerHost } from '@nestjs/bullmq';
import type { Type } from '@nestjs/common';
import { extractionProcessor } from '../extraction/extraction.processor';
import { extractorConfigSchema } from '../extractor.config';
import { screenshotProcessor } from '../screenshot/screenshot.processor';
import { GracefulWorkerHost } from './graceful-worker-host';

const config = extractorConfigSchema.parse({});
/** Nest makes a worker at start-up with its collaborators; none is called while it is made. */
const made = (processor: Type<WorkerHost>) => () =>
  new (processor as new (...deps: unknown[]) => WorkerHost)({}, {}, {});

describe('the extractor’s workers at start-up', () => {
  it('have a handler for every job name the contracts give their queues', () => {
    expect(made(extractionProcessor(config))).not.toThrow();
    expect(made(screenshotProcessor(config))).not.toThrow();
  });

  it('fail to start when a job name of their queue has no handler', () => {
    class HalfAWorker extends GracefulWorkerHost {
      constructor() {
        super(1_000);
      }
      protected readonly jobs = new JobHandlers(QueueName.Screenshot, { [JobName.Extract]: () => Promise.resolve() });
    }
    expect(() => new HalfAWorker()).toThrow(
      'The "screenshot" queue\'s worker has no handler for "screenshot": every job name the contracts give the queue needs one.',
    );
  });
});
