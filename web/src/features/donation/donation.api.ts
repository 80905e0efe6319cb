import type { CapturedDonation, DonationOrder } from '@pixtract/contracts';
import { api } from '../../app/api';

const donationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The PayPal order for the amount; the server checks the amount too. */
    createDonation: build.mutation<DonationOrder, { amount: string }>({
      query: (body) => ({ url: '/donations', method: 'POST', body }),
    }),
    captureDonation: build.mutation<CapturedDonation, string>({
      query: (orderId) => ({ url: `/donations/${encodeURIComponent(orderId)}/capture`, method: 'POST' }),
    }),
  }),
});

export const { useCreateDonationMutation, useCaptureDonationMutation } = donationApi;
