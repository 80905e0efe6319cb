import { donationCents, formatCents } from '@pixtract/contracts';

/** What the amount field keeps of a keystroke: digits and one dot, two decimals at most. */
export function amountInput(text: string): string {
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/** The amount as PayPal takes it ("10.00"), or null when it is not a valid donation (more than 0, at most $10,000). */
export function donationAmount(text: string): string | null {
  const cents = donationCents(text.trim());
  return cents === null ? null : formatCents(cents);
}
