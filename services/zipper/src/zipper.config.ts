import { DEFAULT_QUEUE_PREFIX, PlanQuota, Role, planQuotasFromEnv } from '@pixtract/contracts';
import { ConfigError, baseEnvShape, envFlag, envPort, envRedisUrl, loadConfig } from '@pixtract/service-kit';
import { z } from 'zod';

const MIB = 1024 * 1024;
const wholeNumber = (fallback: number, min = 1) =>
  z.coerce.number({ error: 'expected a whole number' }).int().min(min).default(fallback);

export const zipperConfigSchema = z.object({
  ...baseEnvShape,
  PORT: envPort(3003),
  /** Short-lived caches (screenshots) and the screenshot queue live in Redis. */
  REDIS_URL: envRedisUrl,
  QUEUE_PREFIX: z.string().min(1).default(DEFAULT_QUEUE_PREFIX),
  PIXTRACT_ALLOW_PRIVATE_NETWORKS: envFlag,
  /** Largest image the proxy or an archive fetches, in bytes as received and after decoding. */
  IMAGE_MAX_BYTES: wholeNumber(25 * MIB),
  /** One image fetch, every redirect hop and the whole body included. */
  IMAGE_TIMEOUT_MS: wholeNumber(30_000, 1000),
  /** Largest image (in pixels) sharp decodes for a thumbnail or a conversion: a small file can expand enormously. */
  IMAGE_MAX_PIXELS: wholeNumber(40_000_000),
  /** Images fetched at once for one archive (the seed's 5). */
  ARCHIVE_PARALLEL_FETCHES: wholeNumber(5),
  /** Sum of the image bytes of one archive; what does not fit is listed in failed-downloads.txt. */
  ARCHIVE_MAX_TOTAL_BYTES: wholeNumber(1024 * MIB),
  /** Wall-clock budget of one archive; images not fetched by then are listed in failed-downloads.txt. */
  ARCHIVE_MAX_TIME_MS: wholeNumber(10 * 60_000, 1000),
  /** How long GET /api/proxy-image?fullpage=true waits for the extractor to render a screenshot. */
  SCREENSHOT_WAIT_MS: wholeNumber(60_000, 1000),
});

/** Images per archive come from the plan's per-extraction cap: an archive never holds more than an extraction grants. */
export type ZipperConfig = z.infer<typeof zipperConfigSchema> & { planQuotas: Record<Role, PlanQuota> };

export function loadZipperConfig(env: NodeJS.ProcessEnv = process.env): ZipperConfig {
  const config = loadConfig('zipper', zipperConfigSchema, env);
  try {
    return { ...config, planQuotas: planQuotasFromEnv(env) };
  } catch (error) {
    throw new ConfigError(`Invalid configuration for zipper:\n  - ${(error as Error).message}`);
  }
}

export const ZIPPER_CONFIG = Symbol('ZIPPER_CONFIG');
