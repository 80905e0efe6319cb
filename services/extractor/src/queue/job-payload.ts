import { Job, UnrecoverableError } from 'bullmq';
import type { z } from 'zod';

/**
 * A job's payload, checked against its contract. A job this queue has no handler for, or whose payload
 * is malformed, would fail the same way on every attempt: UnrecoverableError stops BullMQ retrying it.
 */
export function jobPayload<S extends z.ZodType>(job: Job, queue: string, jobName: string, schema: S): z.infer<S> {
  if (job.name !== jobName) throw new UnrecoverableError(`No handler for job "${job.name}" on queue "${queue}".`);
  const parsed = schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`Invalid ${jobName} job payload: ${parsed.error.message}`);
  return parsed.data;
}
