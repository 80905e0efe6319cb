import { z } from 'zod';
import { hasInvisibleOrControl } from './text';

const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/**
 * POST /api/newsletter — 'Stay Updated'. A real address (zod's email rule: a dotted domain, no markup such as
 * `<script>@x`), and nothing invisible (a NUL included).
 */
export const newsletterSubscriptionSchema = z.object({
  email: z
    .string({ error: INVALID_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, INVALID_EMAIL_MESSAGE)
    .refine((email) => !hasInvisibleOrControl(email), INVALID_EMAIL_MESSAGE)
    .pipe(z.email({ error: INVALID_EMAIL_MESSAGE })),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** 200 answer: subscribing an address twice is not an error. */
export const newsletterSubscribedSchema = z.object({ subscribed: z.literal(true) });
export type NewsletterSubscribed = z.infer<typeof newsletterSubscribedSchema>;
