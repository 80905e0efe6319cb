import { Job, UnrecoverableError } from 'bullmq';
import type { z } from 'zod';

/**
 * A job's payload, checked against its contract. A malformed one would fail the same way on every attempt:
 * UnrecoverableError stops BullMQ retrying it.
 */
export function jobPayload<S extends z.ZodType>(job: Job, schema: S): z.infer<S> {
  const parsed = schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`Invalid ${job.name} job payload: ${parsed.error.message}`);
  return parsed.data;
}
