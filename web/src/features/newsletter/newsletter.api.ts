import type { NewsletterSubscribed, NewsletterSubscription } from '@pixtract/contracts';
import { api } from '../../app/api';

const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeToNewsletter: build.mutation<NewsletterSubscribed, NewsletterSubscription>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeToNewsletterMutation } = newsletterApi;
