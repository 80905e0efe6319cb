import type { INestApplication } from '@nestjs/common';
import type { SafeFetchPolicy } from '@pixtract/safe-fetch';
import { createService } from '@pixtract/service-kit';
import { baseUrlOf, uniqueQueuePrefix, type TestWeb } from '@pixtract/testing';
import { AppModule } from '../src/app.module';
import { loadZipperConfig } from '../src/zipper.config';

export interface ZipperHarness {
  app: INestApplication;
  base: string;
  queuePrefix: string;
  close(): Promise<void>;
}

/** Test-sized fetch limits: small caps and short timeouts, so refusals happen in milliseconds. */
const TEST_TIMEOUTS: SafeFetchPolicy['timeouts'] = {
  connectMs: 1_000,
  headersMs: 1_000,
  idleMs: 1_000,
  totalMs: 5_000,
};

export async function startZipper(
  web: TestWeb,
  env: NodeJS.ProcessEnv = {},
  policy: Partial<SafeFetchPolicy> = {},
): Promise<ZipperHarness> {
  const queuePrefix = uniqueQueuePrefix('zipper');
  const config = loadZipperConfig({
    LOG_LEVEL: 'silent',
    QUEUE_PREFIX: queuePrefix,
    IMAGE_MAX_BYTES: String(1024 * 1024),
    ...env,
  });
  const app = await createService({
    name: 'zipper',
    module: AppModule.forRoot(config, { resolver: web.resolver, dial: web.dial, timeouts: TEST_TIMEOUTS, ...policy }),
    port: 0,
  });
  return { app, base: baseUrlOf(app.getHttpServer()), queuePrefix, close: () => app.close() };
}
