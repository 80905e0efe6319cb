import type { WebhookNotifier } from './webhooks';

/** PayPal JSON as the API answers it (snake_case), kept as the simulator's own record. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface SimSubscription {
  json: Json;
  /** The `ba_token` of the approval page, and where it sends the buyer back. */
  approvalToken: string;
  returnUrl: string;
  cancelUrl: string;
  /** A plan change (revise) waiting for the buyer's approval. */
  revision?: { planId: string; token: string; returnUrl: string; cancelUrl: string };
}

export interface SimOrder {
  json: Json;
  returnUrl?: string;
  cancelUrl?: string;
}

/** What every route of the simulator shares: its address, its clock, its records and its webhooks. */
export interface SimContext {
  origin: string;
  now: () => Date;
  notifier: WebhookNotifier;
  products: Map<string, Json>;
  plans: Map<string, Json>;
  subscriptions: Map<string, SimSubscription>;
  orders: Map<string, SimOrder>;
  /** Answers already given to a PayPal-Request-Id: a retried POST gets the same resource, not a second one. */
  idempotent: Map<string, { status: number; body: unknown }>;
  /** Tests: the certificate host is down (503), so a listener must ask verify-webhook-signature instead. */
  certificateOutage: boolean;
}

export const money = (value: string, currency = 'USD') => ({ currency_code: currency, value });

/** The simulator's one buyer. */
export const TEST_BUYER = {
  email_address: 'buyer@simulator.paypal.test',
  name: { given_name: 'Test', surname: 'Buyer' },
};

/** `start` moved on by `count` billing intervals of a plan's regular cycle (MONTH, YEAR, WEEK or DAY). */
export function addInterval(
  start: Date,
  frequency: { interval_unit: string; interval_count?: number },
  count = 1,
): Date {
  const date = new Date(start);
  const n = (frequency.interval_count ?? 1) * count;
  switch (frequency.interval_unit) {
    case 'YEAR':
      date.setUTCFullYear(date.getUTCFullYear() + n);
      break;
    case 'MONTH':
      date.setUTCMonth(date.getUTCMonth() + n);
      break;
    case 'WEEK':
      date.setUTCDate(date.getUTCDate() + 7 * n);
      break;
    default:
      date.setUTCDate(date.getUTCDate() + n);
  }
  return date;
}

export function regularCycle(plan: Json): Json {
  return (plan.billing_cycles as Json[]).find((cycle) => cycle.tenure_type === 'REGULAR') ?? plan.billing_cycles[0];
}
