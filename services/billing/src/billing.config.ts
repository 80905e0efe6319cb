import { DEFAULT_QUEUE_PREFIX } from '@pixtract/contracts';
import { baseEnvShape, envDatabaseUrl, envFlag, envHttpUrl, envPort, envRedisUrl } from '@pixtract/service-kit';
import { z } from 'zod';

/** The hosts PayPal serves its webhook certificates from (PAYPAL-CERT-URL): live and sandbox, both API hosts. */
const PAYPAL_CERT_HOSTS = 'api.paypal.com,api.sandbox.paypal.com,api-m.paypal.com,api-m.sandbox.paypal.com';

export const billingConfigSchema = z
  .object({
    ...baseEnvShape,
    PORT: envPort(3004),
    DATABASE_URL: envDatabaseUrl('pixtract_billing'),
    /** Account events go to auth over BullMQ. */
    REDIS_URL: envRedisUrl,
    QUEUE_PREFIX: z.string().min(1).default(DEFAULT_QUEUE_PREFIX),
    /** The public origin (the gateway): PayPal sends the buyer back to its /payment page. */
    PUBLIC_URL: envHttpUrl('http://localhost:3000'),
    /** PayPal's REST API: the sandbox, live (https://api-m.paypal.com) or the local simulator. */
    PAYPAL_API_BASE: envHttpUrl('https://api-m.sandbox.paypal.com'),
    /** The REST app's credentials; without them plans are listed but nothing can be bought. */
    PAYPAL_CLIENT_ID: z.string().optional(),
    PAYPAL_CLIENT_SECRET: z.string().optional(),
    /** The id of the webhook whose events billing receives (signatures are checked against it). */
    PAYPAL_WEBHOOK_ID: z.string().optional(),
    /**
     * Where webhook certificates may come from: host names (https only) or exact origins (http://127.0.0.1:3005 for
     * the simulator). A PAYPAL-CERT-URL elsewhere is refused without being fetched.
     */
    PAYPAL_CERT_HOSTS: z
      .string()
      .default(PAYPAL_CERT_HOSTS)
      .transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** How often cancelled subscriptions whose paid period ended, and due downgrades, are applied. */
    SUBSCRIPTION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
    /** How often every subscription PayPal may still bill is read from PayPal (a second one is cancelled there). */
    SUBSCRIPTION_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1000).default(3_600_000),
    /** Test payments only: POST /internal/test-clock moves billing's clock forward (never in production). */
    BILLING_TEST_CLOCK: envFlag,
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.BILLING_TEST_CLOCK)
      ctx.addIssue({ code: 'custom', path: ['BILLING_TEST_CLOCK'], message: 'must be off in production' });
    if (Boolean(config.PAYPAL_CLIENT_ID) !== Boolean(config.PAYPAL_CLIENT_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_CLIENT_SECRET'],
        message: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together',
      });
  });

export type BillingConfig = z.infer<typeof billingConfigSchema>;
export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
