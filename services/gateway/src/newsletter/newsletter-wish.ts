import { Injectable } from '@nestjs/common';
import { newsletterSubscriptionSchema } from '@pixtract/contracts';
import type { Request } from 'express';
import { NewsletterRepository } from './newsletter.repository';

/**
 * Registration's "subscribe me": the list is the gateway's, the account is auth's. The auth relay asks for the
 * follow-up of each relayed request; a registration that asked for the newsletter subscribes its address once auth
 * has made the account (201), before the browser hears of it.
 */
@Injectable()
export class NewsletterWish {
  constructor(private readonly subscribers: NewsletterRepository) {}

  /** What to do with auth's answer to this request, or undefined when it wishes nothing. */
  afterRegistration(req: Request): ((status: number) => Promise<void>) | undefined {
    const email = newsletterWishOf(req);
    if (email === null) return undefined;
    return (status) => (status === 201 ? this.subscribers.subscribe(email) : Promise.resolve());
  }
}

/** The address a registration asks to subscribe (`subscribeNewsletter: true` with an email), else null. */
function newsletterWishOf(req: Request): string | null {
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
