import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { GatewayConfig } from '../gateway.config';
import { contentSecurityPolicy, paypalSources } from './content-security-policy';

/** A year, with subdomains: browsers then never try plain HTTP for us again (only sent over HTTPS in production). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Routed case-insensitively, like every route. */
const API_PATH = /^\/api(\/|$)/i;

/** What every answer says whatever it is: no framing (for browsers without frame-ancestors), no sniffing, no leaked addresses. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/**
 * Headers on every answer of the public origin — API, web app, assets, errors: the app's CSP, no framing
 * (frame-ancestors and, for older browsers, X-Frame-Options), nosniff, a referrer policy that never sends a
 * results page's address (it names the page extracted and the extraction) to other sites, and `no-store` on API
 * answers unless a route says otherwise (account, profile and extraction answers are private). HSTS in production
 * over HTTPS — with TRUST_PROXY naming the TLS-terminating proxy, `req.secure` reads its X-Forwarded-Proto.
 */
export function securityHeaders(config: Pick<GatewayConfig, 'NODE_ENV' | 'PAYPAL_SDK_URL'>): RequestHandler {
  const policy = contentSecurityPolicy(paypalSources(config.PAYPAL_SDK_URL));
  const production = config.NODE_ENV === 'production';
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('content-security-policy', policy);
    for (const [name, value] of Object.entries(BASELINE_HEADERS)) res.setHeader(name, value);
    // PayPal's checkout opens a popup that must be able to talk back to this window.
    res.setHeader('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (API_PATH.test(req.path)) res.setHeader('cache-control', 'no-store');
    if (production && req.secure) res.setHeader('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    next();
  };
}
