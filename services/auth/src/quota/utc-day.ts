/** The UTC calendar day of an instant, as Postgres `date` text: quotas reset at midnight UTC. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Days in each calendar quarter of a year (q1 depends on leap years). */
export function quarterLengths(year: number): [number, number, number, number] {
  const days = (fromMonth: number) => (Date.UTC(year, fromMonth + 3, 1) - Date.UTC(year, fromMonth, 1)) / 86_400_000;
  return [days(0), days(3), days(6), days(9)];
}

export const quarterOf = (now: Date): number => Math.floor(now.getUTCMonth() / 3) + 1;
