import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API of the app. Features add their endpoints with `api.injectEndpoints`; every tag type is
 * declared here so invalidation across features stays visible in one place. The seed: no retries, no refetch on
 * focus (auth status opts in), no polling, data never stale.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'include' }),
  tagTypes: [
    'Extraction',
    'Crawl',
    'Auth',
    'Profile',
    'RecentImages',
    'ExtractionHistory',
    'Comments',
    'PendingComments',
    'Subscription',
  ],
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/** Everything that belongs to whoever is signed in: refetched when that changes or their usage moves. */
export const ACCOUNT_DATA = ['Auth', 'Profile', 'RecentImages', 'ExtractionHistory', 'Subscription'] as const;
