import { z } from 'zod';
import { envInternalToken } from './internal-token';

/** A configuration problem found at boot; the message is meant to be read by the operator as is. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Env "1"/"true" → true, "0"/"false"/unset → false; anything else is a config error, not silently false. */
export const envFlag = z
  .enum(['0', '1', 'true', 'false'], { error: 'expected 1, 0, true or false' })
  .default('0')
  .transform((value) => value === '1' || value === 'true');

/** A comma-separated list of names (ADMIN_USERNAMES): trimmed, lower-cased, empty entries dropped. */
export const envNameList = z
  .string()
  .default('')
  .transform((list) =>
    list
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );

export const envPort = (fallback: number) =>
  z.coerce.number({ error: 'expected a port number' }).int().min(1).max(65535).default(fallback);

const urlWithScheme = (schemes: string[], fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => URL.canParse(value) && schemes.includes(new URL(value).protocol), {
      error: `expected a ${schemes.join(' or ')}// URL`,
    });

export const envRedisUrl = urlWithScheme(['redis:', 'rediss:'], 'redis://127.0.0.1:6379');
export const envDatabaseUrl = (database: string) =>
  urlWithScheme(['postgres:', 'postgresql:'], `postgres://postgres@127.0.0.1:5432/${database}`);
export const envHttpUrl = (fallback: string) => urlWithScheme(['http:', 'https:'], fallback);

/** Settings every service reads. */
export const baseEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The secret every internal call carries (internal-token.ts). */
  INTERNAL_TOKEN: envInternalToken,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};

/**
 * Validates the environment once at boot. Every problem is listed in one readable message so an
 * operator fixes them all in one go; the service refuses to start rather than fail later.
 */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  // A service's shared secret may be generated for one process in development, never in production.
  const tokenMissing =
    parsed.success && (parsed.data as { NODE_ENV?: string }).NODE_ENV === 'production' && !env.INTERNAL_TOKEN;
  if (parsed.success && !tokenMissing) return parsed.data;
  if (tokenMissing)
    throw new ConfigError(
      `Invalid configuration for ${service}:\n  - INTERNAL_TOKEN: required in production (the secret the services share)`,
    );
  const problems = parsed.error!.issues.map((issue) => {
    const key = issue.path.join('.');
    const value = key && env[key] !== undefined ? ` (got "${env[key]}")` : '';
    return `  - ${key || '(env)'}: ${issue.message}${value}`;
  });
  throw new ConfigError(`Invalid configuration for ${service}:\n${problems.join('\n')}`);
}
