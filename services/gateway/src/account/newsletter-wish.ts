import { newsletterSubscriptionSchema } from '@pixtract/contracts';
import type { Request } from 'express';

/** The address a registration asks to subscribe (`subscribeNewsletter: true` with an email), else null. */
export function newsletterWishOf(req: Request): string | null {
  // originalUrl: a middleware's req.path is relative to where it is mounted. Case and a trailing slash as routed.
  if (req.method !== 'POST' || !/^\/api\/auth\/register\/?$/i.test(req.originalUrl.split('?')[0])) return null;
  const body: unknown = req.body;
  if (
    typeof body !== 'object' ||
    body === null ||
    (body as { subscribeNewsletter?: unknown }).subscribeNewsletter !== true
  )
    return null;
  const parsed = newsletterSubscriptionSchema.safeParse({ email: (body as { email?: unknown }).email });
  return parsed.success ? parsed.data.email : null;
}
