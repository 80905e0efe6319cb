import { errorBodySchema, limitsSchema, type ErrorBody, type Limits } from '@pixtract/contracts';

/** The server's error body of a failed request, when the answer carries one (429s also carry `limits`). */
export function apiErrorBody(error: unknown): (ErrorBody & { limits?: Limits }) | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const body = errorBodySchema.safeParse(error.data);
  if (!body.success) return undefined;
  const limits = limitsSchema.safeParse((error.data as { limits?: unknown }).limits);
  return limits.success ? { ...body.data, limits: limits.data } : body.data;
}

/** A 401: the visitor's session is gone (signed out here or elsewhere), which is no failure to report. */
export function isSignedOut(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 401;
}
