import type { ExtractionWarning } from '@pixtract/contracts';

/**
 * The HTTP_STATUS warning of a page that answered `status` (≥ 400), with its Retry-After in seconds when it gave
 * one as a number or a date: a crawl backs the host off that long.
 */
export function httpStatusWarning(status: number, retryAfter: string | string[] | undefined): ExtractionWarning {
  const value = (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter)?.trim();
  let seconds: number | undefined;
  if (value && /^\d+$/.test(value)) seconds = Number(value);
  else if (value && !Number.isNaN(Date.parse(value)))
    seconds = Math.max(0, Math.ceil((Date.parse(value) - Date.now()) / 1000));
  return { code: 'HTTP_STATUS', values: { status, ...(seconds !== undefined && { retryAfterSeconds: seconds }) } };
}
