import {
  envDatabaseUrl,
  envFlag,
  envHttpUrl,
  envPort,
  envRedisUrl,
  baseEnvShape,
  loadConfig,
} from '@pixtract/service-kit';
import { DEFAULT_QUEUE_PREFIX } from '@pixtract/contracts';
import { join } from 'node:path';
import { z } from 'zod';
import { RateLimit, rateLimitsWith } from './account/rate-limits';

/** The repository's content/blog, from src/ (tests) and dist/ alike. */
const DEFAULT_BLOG_DIR = join(__dirname, '..', '..', '..', 'content', 'blog');

const gatewayConfigSchema = z.object({
  ...baseEnvShape,
  PORT: envPort(3000),
  /** Prometheus's /metrics, on the internal network only (PORT is public). 0 picks a free port (tests). */
  METRICS_PORT: z.coerce.number({ error: 'expected a port number' }).int().min(0).max(65535).default(3006),
  DATABASE_URL: envDatabaseUrl('pixtract_gateway'),
  REDIS_URL: envRedisUrl,
  QUEUE_PREFIX: z.string().min(1).default(DEFAULT_QUEUE_PREFIX),
  /** Absolute path of the built web app (web/dist); the SPA is not served when unset. */
  WEB_DIST: z.string().optional(),
  PIXTRACT_ALLOW_PRIVATE_NETWORKS: envFlag,
  /** How long POST /api/extract-images waits for its job before answering 202 with the id. */
  EXTRACTION_SYNC_WAIT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** Internal address of the zipper, which answers the media routes the gateway forwards. */
  ZIPPER_URL: envHttpUrl('http://127.0.0.1:3003'),
  /** The auth service (internal network): accounts, sessions and the quota ledger. */
  AUTH_URL: envHttpUrl('http://127.0.0.1:3001'),
  /** The billing service (internal network): plans, subscriptions, donations, PayPal's webhooks. */
  BILLING_URL: envHttpUrl('http://127.0.0.1:3004'),
  /**
   * PayPal's JS SDK as the web loads it (the local simulator's under `npm start` without PayPal credentials): its
   * origin is allowed by the Content-Security-Policy, with PayPal's own hosts when it is PayPal's.
   */
  PAYPAL_SDK_URL: envHttpUrl('https://www.paypal.com/sdk/js'),
  /** PayPal's public client id for the JS SDK (the same PAYPAL_CLIENT_ID billing uses); unset: no payments. */
  PAYPAL_CLIENT_ID: z.string().optional(),
  /** Payments go to PayPal's sandbox or the simulator: payment screens say "test payments". */
  PAYPAL_TEST_PAYMENTS: envFlag,
  /**
   * The site's public origin (https://pixtract.example) for canonical links, hreflang alternates, Open Graph and
   * the sitemap. Unset, each request's own origin is used — fine locally, but behind a shared cache set it.
   */
  PUBLIC_URL: z
    .string()
    .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), {
      error: 'expected an http:// or https:// URL',
    })
    .transform((value) => new URL(value).origin)
    .optional(),
  /** The blog's Markdown articles (front matter + body) and their images/ folder. */
  BLOG_DIR: z.string().min(1).default(DEFAULT_BLOG_DIR),
  /**
   * Which hops' X-Forwarded-For to believe for the client address (express "trust proxy": false,
   * a hop count, or addresses/subnets). Off by default: a spoofed header then changes nothing.
   */
  /** Operators' rate limits: `name=limit/seconds` pairs over the defaults of account/rate-limits.ts. */
  PIXTRACT_RATE_LIMITS: z
    .string()
    .default('')
    .transform((overrides, ctx): RateLimit[] => {
      try {
        return rateLimitsWith(overrides);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string =>
      value === 'false' || value === '0' ? false : /^\d+$/.test(value) ? Number(value) : value,
    ),
});

/** Plan quotas are the auth service's (it owns the ledger); the gateway only asks it. */
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig('gateway', gatewayConfigSchema, env);
}
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

/** The schema itself: its keys are the variables the README's environment table must list for the gateway. */
export { gatewayConfigSchema };
