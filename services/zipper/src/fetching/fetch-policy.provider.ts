import type { Provider } from '@nestjs/common';
import { safeFetchPolicy, type SafeFetchPolicy } from '@pixtract/safe-fetch';
import { ZIPPER_CONFIG, type ZipperConfig } from '../zipper.config';

export const SAFE_FETCH_POLICY = Symbol('SAFE_FETCH_POLICY');

/**
 * The SSRF-safe policy of every remote fetch, sized by the zipper's limits. `overrides` is the test seam
 * (a table resolver, a dialer to local servers); production passes none.
 */
export function safeFetchPolicyProvider(overrides: Partial<SafeFetchPolicy> = {}): Provider {
  return {
    provide: SAFE_FETCH_POLICY,
    inject: [ZIPPER_CONFIG],
    useFactory: (config: ZipperConfig): SafeFetchPolicy => {
      const defaults = safeFetchPolicy({ allowPrivateNetworks: config.PIXTRACT_ALLOW_PRIVATE_NETWORKS });
      return {
        ...defaults,
        maxBytes: config.IMAGE_MAX_BYTES,
        maxDecompressedBytes: config.IMAGE_MAX_BYTES,
        timeouts: { ...defaults.timeouts, totalMs: config.IMAGE_TIMEOUT_MS },
        ...overrides,
      };
    },
  };
}
