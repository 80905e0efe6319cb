import type { INestApplication } from '@nestjs/common';
import { behindGateway, createService } from '@pixtract/service-kit';
import { baseUrlOf, createTestDatabase, TEST_INTERNAL_TOKEN, TestDatabase, uniqueQueuePrefix } from '@pixtract/testing';
import { AppModule } from '../src/app.module';
import { loadAuthConfig } from '../src/auth.config';
import { Clock, systemClock } from '../src/quota/clock';

export interface AuthHarness {
  app: INestApplication;
  base: string;
  database: TestDatabase;
  /** Its BullMQ prefix: billing's account events for this auth go on this prefix's queue. */
  queuePrefix: string;
  close(): Promise<void>;
}

/** One auth service on its own database and queue prefix, listening on env.PORT or a free port. */
export async function startAuth(
  label: string,
  env: NodeJS.ProcessEnv = {},
  clock: Clock = systemClock,
): Promise<AuthHarness> {
  const database = await createTestDatabase(label);
  const queuePrefix = env.QUEUE_PREFIX ?? uniqueQueuePrefix(label);
  const config = loadAuthConfig({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    QUEUE_PREFIX: queuePrefix,
    INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    ...env,
  });
  const app = await createService({
    name: 'auth',
    module: AppModule.forRoot(config, clock),
    port: Number(env.PORT ?? 0),
    ...behindGateway(config),
  });
  return {
    app,
    base: baseUrlOf(app.getHttpServer()),
    database,
    queuePrefix,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
