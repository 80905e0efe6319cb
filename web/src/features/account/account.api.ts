import type { ExtractionHistoryItem, RecentImage, UserProfile } from '@pixtract/contracts';
import { api } from '../../app/api';

const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<UserProfile, void>({
      query: () => '/user/profile',
      providesTags: ['Profile'],
    }),
    getExtractionHistory: build.query<ExtractionHistoryItem[], void>({
      query: () => '/user/extraction-history',
      providesTags: ['ExtractionHistory'],
    }),
    getRecentImages: build.query<RecentImage[], void>({
      query: () => '/user/recent-images',
      providesTags: ['RecentImages'],
    }),
  }),
});

export const { useGetProfileQuery, useGetExtractionHistoryQuery, useGetRecentImagesQuery } = accountApi;
