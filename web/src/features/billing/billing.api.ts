import type {
  CreateSubscriptionRequest,
  PaymentsConfig,
  SubscriptionApproval,
  SubscriptionPlan,
  UserSubscription,
} from '@pixtract/contracts';
import { ACCOUNT_DATA, api } from '../../app/api';

/** The seed: plans are cached 5 minutes, the user's subscription 1 minute. */
const PLANS_CACHE_S = 300;

const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<SubscriptionPlan[], void>({
      query: () => '/subscription-plans',
      keepUnusedDataFor: PLANS_CACHE_S,
    }),
    getPaymentsConfig: build.query<PaymentsConfig, void>({
      query: () => '/billing/config',
      keepUnusedDataFor: PLANS_CACHE_S,
    }),
    getUserSubscription: build.query<UserSubscription, void>({
      query: () => '/user/subscription',
      providesTags: ['Subscription'],
    }),
    createSubscription: build.mutation<SubscriptionApproval, CreateSubscriptionRequest>({
      query: (body) => ({ url: '/subscriptions/create', method: 'POST', body }),
    }),
    /** The return page; the account changes with it (premium, new limits). */
    confirmSubscription: build.mutation<UserSubscription, { subscriptionId: string }>({
      query: (body) => ({ url: '/subscriptions/confirm', method: 'POST', body }),
      invalidatesTags: ACCOUNT_DATA,
    }),
    cancelSubscription: build.mutation<UserSubscription, { subscriptionId?: string }>({
      query: (body) => ({ url: '/subscriptions/cancel', method: 'POST', body }),
      invalidatesTags: ACCOUNT_DATA,
    }),
  }),
});

export const {
  useGetPlansQuery,
  useGetPaymentsConfigQuery,
  useGetUserSubscriptionQuery,
  useCreateSubscriptionMutation,
  useConfirmSubscriptionMutation,
  useCancelSubscriptionMutation,
} = billingApi;
