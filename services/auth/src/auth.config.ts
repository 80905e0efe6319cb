import {
  baseEnvShape,
  ConfigError,
  envDatabaseUrl,
  envFlag,
  envHost,
  envHttpUrl,
  envNameList,
  envPort,
  envRedisUrl,
  loadConfig,
} from '@pixtract/service-kit';
import { DEFAULT_QUEUE_PREFIX, PlanQuota, Role, planQuotasFromEnv } from '@pixtract/contracts';
import { z } from 'zod';

/** Development defaults for the cookie secrets; production refuses to start with them. */
const DEV_SESSION_SECRET = 'dev-session-secret-change-me-0123456789';
const DEV_VISITOR_SECRET = 'dev-visitor-secret-change-me-0123456789';

export const authConfigSchema = z
  .object({
    ...baseEnvShape,
    PORT: envPort(3001),
    /** Behind the gateway: loopback only unless a container's network is the boundary (HOST=0.0.0.0). */
    HOST: envHost('127.0.0.1'),
    DATABASE_URL: envDatabaseUrl('pixtract_auth'),
    /** Sessions and Google sign-in states live in Redis; billing's account events arrive on its queue. */
    REDIS_URL: envRedisUrl,
    QUEUE_PREFIX: z.string().min(1).default(DEFAULT_QUEUE_PREFIX),
    SESSION_SECRET: z.string().min(32, 'expected at least 32 characters').default(DEV_SESSION_SECRET),
    VISITOR_SECRET: z.string().min(32, 'expected at least 32 characters').default(DEV_VISITOR_SECRET),
    /**
     * Which hops' X-Forwarded-* headers to believe (express "trust proxy"). Auth is reached only
     * through the gateway, which overwrites X-Forwarded-For with the client address it determined.
     */
    TRUST_PROXY: z.string().default('loopback, uniquelocal'),
    /** The public origin browsers use (the gateway): Google's redirect URI is built from it. */
    PUBLIC_URL: envHttpUrl('http://localhost:3000'),
    GOOGLE_ISSUER: envHttpUrl('https://accounts.google.com'),
    /** Google sign-in is offered only when a client is configured. */
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    /** `1`: GOOGLE_ISSUER is a test provider (npm start's simulator): the sign-in buttons say "Test sign-in". */
    GOOGLE_TEST_SIGN_IN: envFlag,
    /**
     * Images a day shared by every visitor behind one address (an IPv4 address or an IPv6 /64), charged together
     * with each visitor's own day. Unset, it is the free plan's daily quota: a visitor who drops the cookie gets
     * nothing more. A school behind one NAT may raise it, knowing one visitor there could then use that much.
     */
    PIXTRACT_QUOTA_ADDRESS_DAILY: z.coerce.number().int().nonnegative().optional(),
    /** Comma-separated usernames whose accounts are administrators (comment moderation, queue dashboard). */
    ADMIN_USERNAMES: envNameList,
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV !== 'production') return;
    if (config.SESSION_SECRET === DEV_SESSION_SECRET)
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'must be set in production' });
    if (config.VISITOR_SECRET === DEV_VISITOR_SECRET)
      ctx.addIssue({ code: 'custom', path: ['VISITOR_SECRET'], message: 'must be set in production' });
  });

export type AuthConfig = z.infer<typeof authConfigSchema> & {
  planQuotas: Record<Role, PlanQuota>;
  addressDailyQuota: number;
};

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const config = loadConfig('auth', authConfigSchema, env);
  try {
    const planQuotas = planQuotasFromEnv(env);
    return { ...config, planQuotas, addressDailyQuota: config.PIXTRACT_QUOTA_ADDRESS_DAILY ?? planQuotas.free.daily };
  } catch (error) {
    throw new ConfigError(`Invalid configuration for auth:\n  - ${(error as Error).message}`);
  }
}
export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
