import { z } from 'zod';

/** GET /health: the process answers. */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** GET /ready: 200 when every dependency the service owns answers in time, else 503; each check's verdict by name. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  /** `ok`, or what went wrong (`connection refused`, `timed out`). */
  checks: z.record(z.string(), z.string()),
});
export type Readiness = z.infer<typeof readinessSchema>;
