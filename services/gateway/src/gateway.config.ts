import { envDatabaseUrl, envFlag, envHttpUrl, envPort, envRedisUrl, baseEnvShape, loadConfig } from '@pixtract/service-kit';
import { DEFAULT_QUEUE_PREFIX } from '@pixtract/contracts';
import { z } from 'zod';

const gatewayConfigSchema = z.object({
  ...baseEnvShape,
  PORT: envPort(3000),
  /** Prometheus's /metrics, on the internal network only (PORT is public). 0 picks a free port (tests). */
  METRICS_PORT: z.coerce.number({ error: 'expected a port number' }).int().min(0).max(65535).default(3005),
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
  /**
   * Which hops' X-Forwarded-For to believe for the client address (express "trust proxy": false,
   * a hop count, or addresses/subnets). Off by default: a spoofed header then changes nothing.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | number | string => (value === 'false' || value === '0' ? false : /^\d+$/.test(value) ? Number(value) : value)),
});

/** Plan quotas are the auth service's (it owns the ledger); the gateway only asks it. */
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig('gateway', gatewayConfigSchema, env);
}
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
