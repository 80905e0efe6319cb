import { BILLING_ERROR_MESSAGES, type BillingErrorCode } from '@pixtract/contracts';
import type { Notice } from '../notice/notice.slice';

/** The toast's description for a billing refusal: its code's words when billing sent one we know, else `fallback`'s. */
export function billingFailure(
  code: string | undefined,
  fallback: BillingErrorCode,
): Pick<Notice, 'description' | 'tone'> {
  const known = code !== undefined && code in BILLING_ERROR_MESSAGES ? (code as BillingErrorCode) : fallback;
  return { description: `errors.${known}`, tone: 'error' };
}
