import type { SubscriptionPlan } from '@pixtract/contracts';
import { isLanguage, LANGUAGE_TAGS } from '../../i18n/languages';

/** A price in cents as the visitor's language writes money ($9.99, 9,99 $US, ٩٫٩٩ US$). */
export function formatPrice(cents: number, currency: string, language: string): string {
  const tag = isLanguage(language) ? LANGUAGE_TAGS[language] : language;
  return new Intl.NumberFormat(tag, { style: 'currency', currency }).format(cents / 100);
}

/** A date as the visitor's language writes it. */
export function formatDate(iso: string, language: string): string {
  const tag = isLanguage(language) ? LANGUAGE_TAGS[language] : language;
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date(iso));
}

/** The monthly and annual plans of one tier side by side. */
export function plansOf(plans: SubscriptionPlan[], interval: SubscriptionPlan['interval']): SubscriptionPlan[] {
  return plans.filter((plan) => plan.interval === interval);
}
