import { ExtractionProgress, ExtractJobPayload, ExtractJobResult, JobName, QueueName } from '@pixtract/contracts';
import { redisConnectionOptions } from '@pixtract/service-kit';
import { Job, Queue, QueueEvents } from 'bullmq';

export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * The gateway's side of the queue, for tests: adds `extract` jobs, records every progress event per job and
 * waits for results. Call close() in afterAll; obliterate() removes the test's keys.
 */
export async function openExtractionQueue(prefix: string) {
  const connection = redisConnectionOptions(TEST_REDIS_URL);
  const queue = new Queue<ExtractJobPayload, ExtractJobResult>(QueueName.Extraction, { connection, prefix });
  const events = new QueueEvents(QueueName.Extraction, { connection, prefix });
  const progress = new Map<string, ExtractionProgress[]>();
  events.on('progress', ({ jobId, data }) => {
    progress.set(jobId, [...(progress.get(jobId) ?? []), data as ExtractionProgress]);
  });
  await events.waitUntilReady();

  return {
    queue,
    events,
    progressOf: (job: Job) => progress.get(job.id!) ?? [],
    add: (
      url: string,
      options: {
        attempts?: number;
        mode?: ExtractJobPayload['mode'];
        fileTypes?: string[];
        previewLimit?: number;
      } = {},
    ) =>
      queue.add(
        JobName.Extract,
        {
          extractionId: `test-${Date.now()}-${Math.random()}`,
          url,
          mode: options.mode ?? 'auto',
          fileTypes: options.fileTypes,
          previewLimit: options.previewLimit,
          requestId: 'req-test',
        },
        { attempts: options.attempts },
      ),
    finished: (job: Job, timeoutMs: number) => job.waitUntilFinished(events, timeoutMs) as Promise<ExtractJobResult>,
    /** Resolves once the worker reported `stage` for the job (it is active and got that far). */
    reached: (job: Job, stage: ExtractionProgress['stage'], timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`job ${job.id} did not reach "${stage}" within ${timeoutMs} ms`)),
          timeoutMs,
        );
        const check = () => {
          if (!(progress.get(job.id!) ?? []).some((event) => event.stage === stage)) return;
          clearTimeout(timer);
          events.off('progress', check);
          resolve();
        };
        events.on('progress', check);
        check();
      }),
    close: async () => {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await Promise.all([events.close(), queue.close()]);
    },
  };
}
