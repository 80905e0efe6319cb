import { numberLocale } from '../../i18n/number-format';

/** Daily allowances start again at midnight UTC (services/auth/src/quota/utc-day.ts). */
export function nextDailyReset(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/**
 * When the allowance comes back, in the visitor's own time zone and language: how long from now ("in 6 hours") and
 * the clock time with its zone ("Sat 1:00 AM GMT+1"). `timeZone` is the browser's unless a test names one.
 */
export function dailyResetText(now: Date, language: string, timeZone?: string): { inTime: string; at: string } {
  const reset = nextDailyReset(now);
  const locale = numberLocale(language);
  const minutes = Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 60_000));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const inTime = minutes >= 60 ? relative.format(Math.round(minutes / 60), 'hour') : relative.format(minutes, 'minute');
  const at = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(reset);
  return { inTime, at };
}
