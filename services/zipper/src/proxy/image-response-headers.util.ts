import type { IncomingHttpHeaders } from 'node:http';

/**
 * Every proxied image is served as inert data: the browser must not guess another type, and an SVG opened on
 * our origin must not run script, load anything or submit anything.
 */
export const IMAGE_SAFETY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'same-site',
} as const;

/** Without the origin's own Cache-Control, a proxied image may be cached for a day (images rarely change). */
const DEFAULT_CACHE_CONTROL = 'public, max-age=86400';

/** The origin's validators and cache policy, passed through as they are. */
export function cachingHeaders(upstream: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = { 'cache-control': upstream['cache-control'] ?? DEFAULT_CACHE_CONTROL };
  if (upstream.etag) headers.etag = upstream.etag;
  if (upstream['last-modified']) headers['last-modified'] = upstream['last-modified'];
  return headers;
}

/** A derived image (thumbnail) gets a validator of its own: the origin's, marked weak and qualified by the variant. */
export function variantCachingHeaders(upstream: IncomingHttpHeaders, variant: string): Record<string, string> {
  const { etag, ...rest } = cachingHeaders(upstream);
  return etag ? { ...rest, etag: `W/"${etag.replace(/^W\//, '').replace(/"/g, '')}-${variant}"` } : rest;
}

/** The client's validators, forwarded so the origin can answer 304. */
export function conditionalHeaders(request: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  if (typeof request['if-none-match'] === 'string') headers['if-none-match'] = request['if-none-match'];
  if (typeof request['if-modified-since'] === 'string') headers['if-modified-since'] = request['if-modified-since'];
  return headers;
}
