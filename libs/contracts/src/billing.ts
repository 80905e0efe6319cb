import { z } from 'zod';
import type { ErrorBody } from './errors';

/** Refusals of the billing endpoints: a stable code and the catalogue's words for it (spec §8). */
export const BillingErrorCode = {
  SubscriptionError: 'SUBSCRIPTION_ERROR',
  CancellationError: 'CANCELLATION_ERROR',
  NoActiveSubscription: 'NO_ACTIVE_SUBSCRIPTION',
  SubscriptionAuthRequired: 'SUBSCRIPTION_AUTH_REQUIRED',
  PlanNotFound: 'PLAN_NOT_FOUND',
  AlreadySubscribed: 'ALREADY_SUBSCRIBED',
  SubscriptionExists: 'SUBSCRIPTION_EXISTS',
  PaymentNotApproved: 'PAYMENT_NOT_APPROVED',
  InvalidAmount: 'INVALID_AMOUNT',
  PaymentError: 'PAYMENT_ERROR',
  PaymentNotFound: 'PAYMENT_NOT_FOUND',
  WebhookUnverified: 'WEBHOOK_UNVERIFIED',
  BillingUnavailable: 'BILLING_UNAVAILABLE',
} as const;
export type BillingErrorCode = (typeof BillingErrorCode)[keyof typeof BillingErrorCode];

export const BILLING_ERROR_MESSAGES: Record<BillingErrorCode, string> = {
  SUBSCRIPTION_ERROR:
    'There was a problem processing your subscription. Please try again or contact support if the issue persists.',
  CANCELLATION_ERROR:
    'There was a problem cancelling your subscription. Please try again or contact support if the issue persists.',
  NO_ACTIVE_SUBSCRIPTION: 'No active subscription found',
  SUBSCRIPTION_AUTH_REQUIRED: 'Please log in or create an account to subscribe to this plan',
  PLAN_NOT_FOUND: 'That plan is not offered.',
  ALREADY_SUBSCRIBED: 'You are already subscribed to this plan.',
  SUBSCRIPTION_EXISTS: 'You already have a subscription, so this new one was cancelled on PayPal.',
  PAYMENT_NOT_APPROVED: 'The payment has not been approved on PayPal yet.',
  INVALID_AMOUNT: 'Please enter a valid donation amount',
  PAYMENT_ERROR: 'Your payment could not be completed. Please try again.',
  PAYMENT_NOT_FOUND: 'No payment with that id.',
  WEBHOOK_UNVERIFIED: 'The webhook signature could not be verified.',
  BILLING_UNAVAILABLE: 'An error occurred. Please try again later.',
};

export function billingErrorBody(code: BillingErrorCode, statusCode: number): ErrorBody {
  return { statusCode, code, message: BILLING_ERROR_MESSAGES[code] };
}

// ---- Plans ----

export const planTierSchema = z.enum(['hobby', 'startup', 'enterprise']);
export type PlanTier = z.infer<typeof planTierSchema>;

export const billingIntervalSchema = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** Annual plans cost twelve months less this share (spec §9). */
export const ANNUAL_DISCOUNT = 0.2;

/**
 * What a plan includes, as stable codes the web words in the visitor's language (with the plan's numbers):
 * `daily-images`, `per-extraction`, `bulk-zip`, `priority-support`, `dedicated-support`.
 */
export const planFeatureSchema = z.enum([
  'daily-images',
  'per-extraction',
  'bulk-zip',
  'priority-support',
  'dedicated-support',
]);
export type PlanFeature = z.infer<typeof planFeatureSchema>;

/** GET /api/subscription-plans: the live plans; prices in cents. */
export const subscriptionPlanSchema = z.object({
  planId: z.string(),
  name: z.string(),
  description: z.string(),
  tier: planTierSchema,
  price: z.number().int().nonnegative(),
  currency: z.string(),
  interval: billingIntervalSchema,
  features: z.array(planFeatureSchema),
  dailyLimit: z.number().int().positive(),
  maxImagesPerExtraction: z.number().int().positive(),
  isPopular: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;

/** The seed's Premium ($9.99 a month, 3,000 images a day) is Hobby monthly; old links say `premium`. */
export const SEED_PREMIUM_PLAN_ID = 'hobby-monthly';
export const planIdOf = (requested: string): string => (requested === 'premium' ? SEED_PREMIUM_PLAN_ID : requested);

// ---- Subscriptions ----

/**
 * pending: created, waiting for the buyer's approval on PayPal. active: paid and renewing. cancelled: no renewal,
 * premium until `endDate`. suspended: PayPal stopped it (failed payments). expired: over, premium ended.
 */
export const subscriptionStatusSchema = z.enum(['pending', 'active', 'cancelled', 'suspended', 'expired']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

const isoDate = z.string().nullable();

/** GET /api/user/subscription: the member's current subscription (null when there is none). */
export const userSubscriptionSchema = z.object({
  subscription: z
    .object({
      plan: subscriptionPlanSchema,
      status: subscriptionStatusSchema,
      paypalSubscriptionId: z.string(),
      startDate: isoDate,
      nextBillingDate: isoDate,
      /** Premium ends then: the end of the paid period after a cancel, a suspension or an expiry. */
      endDate: isoDate,
      lastPaymentDate: isoDate,
      failedPaymentCount: z.number().int().nonnegative(),
      /** A downgrade waiting for the end of the paid cycle, and when it takes over. */
      pendingPlan: subscriptionPlanSchema.nullable(),
      pendingPlanFrom: isoDate,
    })
    .nullable(),
});
export type UserSubscription = z.infer<typeof userSubscriptionSchema>;
export type CurrentSubscription = NonNullable<UserSubscription['subscription']>;

/** Languages the site speaks: the return address from PayPal keeps the buyer's. */
const returnLanguageSchema = z.enum(['en', 'cn', 'jp', 'es', 'fr', 'de', 'ru', 'ko', 'ar']);

/** POST /api/subscriptions/create: a plan of the server's table (its price is never the client's). */
export const createSubscriptionRequestSchema = z.object({
  planId: z
    .string({ error: 'planId must be a string' })
    .trim()
    .min(1, 'planId is required')
    .max(64, 'planId is too long'),
  language: returnLanguageSchema.optional(),
});
export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;

/** The buyer approves on PayPal at `approvalUrl` (the subscription's `rel: approve` link). */
export const subscriptionApprovalSchema = z.object({ paypalSubscriptionId: z.string(), approvalUrl: z.string() });
export type SubscriptionApproval = z.infer<typeof subscriptionApprovalSchema>;

const paypalIdSchema = z
  .string({ error: 'subscriptionId must be a string' })
  .regex(/^[A-Za-z0-9-]{1,64}$/, 'subscriptionId is not a PayPal id');

/** POST /api/subscriptions/confirm: the return page, with PayPal's `subscription_id`. */
export const confirmSubscriptionRequestSchema = z.object({ subscriptionId: paypalIdSchema });

/** POST /api/subscriptions/cancel: the member's own subscription (the seed sends its id; it may be left out). */
export const cancelSubscriptionRequestSchema = z.object({
  subscriptionId: paypalIdSchema.optional(),
  reason: z.string().trim().max(127).optional(),
});

// ---- Donations ----

/** Largest donation accepted in one payment. */
export const MAX_DONATION_CENTS = 1_000_000;
export const DONATION_PRESETS = ['5.00', '10.00', '25.00', '50.00'] as const;
export const DEFAULT_DONATION = DONATION_PRESETS[0];
/** The donation card's amount. */
export const DONATION_CARD_AMOUNT = '10.00';

/** Digits and one dot, at most two decimals, more than 0 and at most $10,000.00; the web and the server use this. */
export function donationCents(amount: string): number | null {
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(amount) && !/^\.\d{1,2}$/.test(amount)) return null;
  const [whole = '0', fraction = ''] = amount.split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 && cents <= MAX_DONATION_CENTS ? cents : null;
}

export const formatCents = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** POST /api/donations {amount} → the PayPal order the button approves. */
export const createDonationRequestSchema = z.object({
  amount: z
    .string({ error: BILLING_ERROR_MESSAGES.INVALID_AMOUNT })
    .trim()
    .refine((amount) => donationCents(amount) !== null, BILLING_ERROR_MESSAGES.INVALID_AMOUNT),
});
export const donationOrderSchema = z.object({ orderId: z.string() });
export type DonationOrder = z.infer<typeof donationOrderSchema>;

/** POST /api/donations/:orderId/capture once the buyer approved. */
export const capturedDonationSchema = z.object({
  orderId: z.string(),
  status: z.literal('COMPLETED'),
  amount: z.string(),
  currency: z.string(),
});
export type CapturedDonation = z.infer<typeof capturedDonationSchema>;

/** GET /api/billing/config: what the web needs to load PayPal's JS SDK. */
export const paymentsConfigSchema = z.object({
  /** PayPal's public client id; null when payments are not configured. */
  clientId: z.string().nullable(),
  sdkUrl: z.string(),
  currency: z.string(),
  /** Payments go to PayPal's sandbox or the local simulator: the screens say so. */
  testPayments: z.boolean(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

// ---- Internal: gateway → billing, billing → auth ----

/**
 * The signed-in user a request to billing is from, as the gateway identified them through auth. The gateway
 * always removes this header from the visitor's request and sets it itself; billing is never public.
 */
export const BILLING_USER_HEADER = 'x-pixtract-user-id';

/** The paths billing answers behind the gateway (the webhook reaches it with its raw body). */
export const PAYPAL_WEBHOOK_PATH = '/api/billing/paypal/webhook';

/** PayPal's webhook event, as far as billing reads it (its signature is checked on the raw bytes first). */
export const paypalWebhookEventSchema = z.object({
  id: z.string().min(1).max(128),
  event_type: z.string().min(1).max(128),
  resource: z.record(z.string(), z.unknown()),
});
export type PayPalWebhookEvent = z.infer<typeof paypalWebhookEventSchema>;

/** The webhook's answer: received, and whether that event id had been applied already (a resend). */
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;

/**
 * A user's account as billing's subscriptions make it, sent to auth on the `account-events` queue. It is the
 * whole state, not a change: auth applies it only over an older `revision` of the same user, so a repeated or
 * late event changes nothing. Null limits mean the role's own plan quota (auth knows it).
 */
export const accountChangedSchema = z.object({
  eventId: z.uuid(),
  userId: z.number().int().positive(),
  revision: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  account: z.object({
    role: z.enum(['premium', 'registered']),
    membershipPlan: z.string(),
    membershipStatus: subscriptionStatusSchema.or(z.literal('none')),
    dailyLimit: z.number().int().positive().nullable(),
    maxImagesPerExtraction: z.number().int().positive().nullable(),
    subscriptionExpiresAt: z.iso.datetime({ offset: true }).nullable(),
    nextBillingDate: z.iso.datetime({ offset: true }).nullable(),
    lastPaymentDate: z.iso.datetime({ offset: true }).nullable(),
    paypalSubscriptionId: z.string().nullable(),
  }),
});
export type AccountChanged = z.infer<typeof accountChangedSchema>;
export type AccountState = AccountChanged['account'];
