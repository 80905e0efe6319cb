import { z } from 'zod';
import {
  BillingErrorCode,
  CapturedDonation,
  CurrentSubscription,
  PaymentsConfig,
  PayPalWebhookEvent,
  SubscriptionApproval,
  SubscriptionPlan,
  UserSubscription,
  WebhookReceipt,
  cancelSubscriptionRequestSchema,
  capturedDonationSchema,
  confirmSubscriptionRequestSchema,
  createDonationRequestSchema,
  createSubscriptionRequestSchema,
  donationOrderSchema,
  paymentsConfigSchema,
  paypalWebhookEventSchema,
  subscriptionApprovalSchema,
  subscriptionPlanSchema,
  userSubscriptionSchema,
  webhookReceiptSchema,
} from '../billing';
import { ErrorCode } from '../errors';
import { ApiRoute, COMMON_REFUSALS, jsonAnswer, jsonBody, refusals, RefusalTable } from './api-route';

const PAYPAL_SUBSCRIPTION_ID = 'I-BW452GLLEP1G';
const ORDER_ID = '5O190127TN364715T';

const HOBBY_MONTHLY: SubscriptionPlan = {
  planId: 'hobby-monthly',
  name: 'Hobby',
  description: 'For creators who collect images every day.',
  tier: 'hobby',
  price: 999,
  currency: 'USD',
  interval: 'month',
  features: ['daily-images', 'per-extraction', 'bulk-zip', 'priority-support'],
  dailyLimit: 3_000,
  maxImagesPerExtraction: 500,
  isPopular: true,
};

const ACTIVE_SUBSCRIPTION: CurrentSubscription = {
  plan: HOBBY_MONTHLY,
  status: 'active',
  paypalSubscriptionId: PAYPAL_SUBSCRIPTION_ID,
  startDate: '2025-04-02T10:00:00.000Z',
  nextBillingDate: '2025-05-02T10:00:00.000Z',
  endDate: null,
  lastPaymentDate: '2025-04-02T10:00:00.000Z',
  failedPaymentCount: 0,
  pendingPlan: null,
  pendingPlanFrom: null,
};

/** A member's route, forwarded to billing with who the caller is (auth says, from their cookies). */
const MEMBER_FORWARDED: RefusalTable[] = [COMMON_REFUSALS.authUnavailable, COMMON_REFUSALS.billingUnavailable];
/** A change a browser asks for with a JSON body. */
const CHANGE_REFUSALS: RefusalTable[] = [COMMON_REFUSALS.badBody, COMMON_REFUSALS.crossSite, ...MEMBER_FORWARDED];

/**
 * Forwarded by the gateway to the billing service, which owns plans, subscriptions and donations and talks to
 * PayPal (docs/decisions/billing.md); only the payments configuration is the gateway's own.
 */
export const BILLING_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/billing/config',
    tags: ['Billing'],
    summary: 'What the web needs to load PayPal',
    description:
      'PayPal’s public client id (null when payments are not configured), the JS SDK’s address and the currency. `testPayments`: payments go to a sandbox or simulator.',
    responses: {
      200: jsonAnswer('The payments configuration.', paymentsConfigSchema, {
        clientId: 'AeXample-client-id-from-the-PayPal-developer-dashboard',
        sdkUrl: 'https://www.paypal.com/sdk/js',
        currency: 'USD',
        testPayments: false,
      } satisfies PaymentsConfig),
    },
  },
  {
    method: 'get',
    path: '/api/subscription-plans',
    tags: ['Billing'],
    summary: 'The plans on offer',
    description:
      'Monthly and annual plans; prices in cents. Prices and limits come from this table only, never from a client.',
    responses: {
      200: jsonAnswer('The live plans.', z.array(subscriptionPlanSchema), [HOBBY_MONTHLY]),
      ...refusals(COMMON_REFUSALS.billingUnavailable),
    },
  },
  {
    method: 'get',
    path: '/api/user/subscription',
    tags: ['Billing'],
    summary: 'The member’s current subscription',
    security: [{ session: [] }],
    responses: {
      200: jsonAnswer('The subscription, or `null` when there is none.', userSubscriptionSchema, {
        subscription: ACTIVE_SUBSCRIPTION,
      } satisfies UserSubscription),
      ...refusals(COMMON_REFUSALS.signedOut, ...MEMBER_FORWARDED),
    },
  },
  {
    method: 'post',
    path: '/api/subscriptions/create',
    tags: ['Billing'],
    summary: 'Subscribe to a plan',
    description:
      'Creates the subscription on PayPal and answers the address where the buyer approves it; PayPal then sends them back to the payment page (in `language`), which calls POST /api/subscriptions/confirm. ' +
      'One paid subscription per account: a subscriber choosing another plan gets PayPal’s plan change of that subscription to approve instead (an upgrade applies at once, a downgrade at the end of the paid period). The same plan again within three hours answers the same link. `premium` names Hobby monthly.',
    security: [{ session: [] }],
    request: { body: jsonBody(createSubscriptionRequestSchema, { planId: 'hobby-monthly', language: 'en' }) },
    responses: {
      201: jsonAnswer('To be approved on PayPal.', subscriptionApprovalSchema, {
        paypalSubscriptionId: PAYPAL_SUBSCRIPTION_ID,
        approvalUrl: 'https://www.paypal.com/webapps/billing/subscriptions?ba_token=BA-2M539689T3856352J',
      } satisfies SubscriptionApproval),
      ...refusals(
        {
          401: [BillingErrorCode.SubscriptionAuthRequired],
          404: [BillingErrorCode.PlanNotFound, BillingErrorCode.SubscriptionError],
          409: [BillingErrorCode.AlreadySubscribed],
          502: [BillingErrorCode.SubscriptionError],
        },
        ...CHANGE_REFUSALS,
      ),
    },
  },
  {
    method: 'post',
    path: '/api/subscriptions/confirm',
    tags: ['Billing'],
    summary: 'Confirm an approved subscription',
    description:
      'The payment page, back from PayPal with its `subscription_id`: PayPal’s word on the member’s own subscription decides its state. ' +
      'A subscription approved while the member already has an active one is cancelled at PayPal (409 `SUBSCRIPTION_EXISTS`).',
    security: [{ session: [] }],
    request: { body: jsonBody(confirmSubscriptionRequestSchema, { subscriptionId: PAYPAL_SUBSCRIPTION_ID }) },
    responses: {
      200: jsonAnswer('The member’s subscription now.', userSubscriptionSchema, {
        subscription: ACTIVE_SUBSCRIPTION,
      } satisfies UserSubscription),
      ...refusals(
        {
          401: [BillingErrorCode.SubscriptionAuthRequired],
          404: [BillingErrorCode.NoActiveSubscription, BillingErrorCode.SubscriptionError],
          409: [BillingErrorCode.PaymentNotApproved, BillingErrorCode.SubscriptionExists],
          502: [BillingErrorCode.SubscriptionError],
        },
        ...CHANGE_REFUSALS,
      ),
    },
  },
  {
    method: 'post',
    path: '/api/subscriptions/cancel',
    tags: ['Billing'],
    summary: 'Cancel the subscription',
    description:
      'Cancels at PayPal: no more renewals, premium until the end of the paid period (`endDate`). `subscriptionId` may be left out (the member’s active one).',
    security: [{ session: [] }],
    request: {
      body: jsonBody(cancelSubscriptionRequestSchema, {
        subscriptionId: PAYPAL_SUBSCRIPTION_ID,
        reason: 'Not needed any more',
      }),
    },
    responses: {
      200: jsonAnswer('The member’s subscription now.', userSubscriptionSchema, {
        subscription: {
          ...ACTIVE_SUBSCRIPTION,
          status: 'cancelled',
          nextBillingDate: null,
          endDate: '2025-05-02T10:00:00.000Z',
        },
      } satisfies UserSubscription),
      ...refusals(
        {
          404: [BillingErrorCode.NoActiveSubscription, BillingErrorCode.CancellationError],
          502: [BillingErrorCode.CancellationError],
        },
        COMMON_REFUSALS.signedOut,
        ...CHANGE_REFUSALS,
      ),
    },
  },
  {
    method: 'post',
    path: '/api/donations',
    tags: ['Billing'],
    summary: 'Start a donation',
    description:
      'Creates a PayPal order for the amount (US dollars, at most two decimals, up to 10,000.00), which the buyer approves in PayPal’s window; then POST /api/donations/{orderId}/capture. Visitors may donate; a member is remembered.',
    request: { body: jsonBody(createDonationRequestSchema, { amount: '10.00' }) },
    responses: {
      201: jsonAnswer('The order to approve.', donationOrderSchema, { orderId: ORDER_ID }),
      ...refusals(
        { 400: [ErrorCode.MalformedBody, BillingErrorCode.InvalidAmount], 502: [BillingErrorCode.PaymentError] },
        COMMON_REFUSALS.crossSite,
        ...MEMBER_FORWARDED,
      ),
    },
  },
  {
    method: 'post',
    path: '/api/donations/{orderId}/capture',
    tags: ['Billing'],
    summary: 'Take an approved donation',
    description: 'Capturing twice answers the first capture.',
    request: {
      params: z.object({
        orderId: z.string().meta({ description: 'The order POST /api/donations answered', example: ORDER_ID }),
      }),
    },
    responses: {
      200: jsonAnswer('Paid.', capturedDonationSchema, {
        orderId: ORDER_ID,
        status: 'COMPLETED',
        amount: '10.00',
        currency: 'USD',
      } satisfies CapturedDonation),
      ...refusals(
        {
          404: [BillingErrorCode.PaymentNotFound],
          409: [BillingErrorCode.PaymentNotApproved],
          502: [BillingErrorCode.PaymentError],
        },
        COMMON_REFUSALS.crossSite,
        COMMON_REFUSALS.billingUnavailable,
      ),
    },
  },
  {
    method: 'post',
    path: '/api/billing/paypal/webhook',
    tags: ['Billing'],
    summary: 'PayPal’s notifications',
    description:
      'For PayPal, not for clients. The signature (PayPal’s transmission headers) is checked on the exact bytes before anything is read; each event id is applied once, a resend answers `duplicate: true`. ' +
      'Subscription events are applied by reading the subscription from PayPal; a completed capture completes its donation. No origin check: the signature is the proof.',
    request: {
      headers: z.object({
        'paypal-transmission-id': z.string(),
        'paypal-transmission-time': z.string(),
        'paypal-transmission-sig': z.string(),
        'paypal-cert-url': z.string(),
        'paypal-auth-algo': z.string(),
      }),
      body: jsonBody(paypalWebhookEventSchema, {
        id: 'WH-2WR32451HC0233532-67976317FL4543714',
        event_type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        resource: { id: PAYPAL_SUBSCRIPTION_ID, status: 'ACTIVE' },
      } satisfies PayPalWebhookEvent),
    },
    responses: {
      200: jsonAnswer('Received.', webhookReceiptSchema, { received: true, duplicate: false } satisfies WebhookReceipt),
      ...refusals(
        {
          400: [BillingErrorCode.WebhookUnverified, ErrorCode.MalformedBody, ErrorCode.ValidationFailed],
          413: [ErrorCode.PayloadTooLarge],
        },
        COMMON_REFUSALS.billingUnavailable,
      ),
    },
  },
];
