import { AuthErrorCode } from '../auth';
import { newsletterSubscribedSchema, newsletterSubscriptionSchema } from '../newsletter';
import { ApiRoute, COMMON_REFUSALS, jsonAnswer, jsonBody, refusals } from './api-route';

export const NEWSLETTER_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: '/api/newsletter',
    tags: ['Newsletter'],
    summary: 'Subscribe to the newsletter',
    description: 'Subscribing an address twice is not an error.',
    request: { body: jsonBody(newsletterSubscriptionSchema, { email: 'ada@example.com' }) },
    responses: {
      200: jsonAnswer('Subscribed.', newsletterSubscribedSchema, { subscribed: true }),
      ...refusals(COMMON_REFUSALS.badBody, COMMON_REFUSALS.crossSite, { 429: [AuthErrorCode.TooManyRequests] }),
    },
  },
];
