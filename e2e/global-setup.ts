import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startFixtureServer } from '@pixtract/testing';
import {
  E2E_ADMIN_USERNAME,
  E2E_BASE_PORT as BASE_PORT,
  E2E_BASE_URL,
  E2E_DAILY_QUOTAS,
  E2E_DATABASE_PREFIX as DATABASE_PREFIX,
  E2E_OUTPUT_NAME,
  E2E_QUEUE_PREFIX as QUEUE_PREFIX,
} from './e2e-stack';

/** The start scripts' own modules. import() (not import) keeps Playwright's CommonJS transform off these ESM files. */
const loadScripts = async () => ({
  ...(await import('../scripts/lib/databases.mjs')),
  ...(await import('../scripts/lib/infrastructure.mjs')),
  ...(await import('../scripts/lib/net.mjs')),
  ...(await import('../scripts/lib/paths.mjs')),
  ...(await import('../scripts/lib/redis.mjs')),
  ...(await import('../scripts/lib/services.mjs')),
  ...(await import('../scripts/lib/stack.mjs')),
});

/**
 * Starts the fixture site and the whole stack on the test ports with fresh databases and an empty queue
 * prefix; the returned function (Playwright's teardown) stops it all. Tests find the fixture site at
 * process.env.PIXTRACT_E2E_FIXTURE_ORIGIN, the PayPal simulator at process.env.PIXTRACT_E2E_PAYPAL_ORIGIN and the
 * Google sign-in simulator at process.env.PIXTRACT_E2E_GOOGLE_ORIGIN.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const scripts = await loadScripts();
  const { ROOT } = scripts;
  // Service logs go to a file rather than between Playwright's lines; a failed start quotes their end.
  const stackLog = join(ROOT, 'test-results', `${E2E_OUTPUT_NAME}-stack.log`);

  const [missing] = scripts.missingEntries();
  if (missing)
    throw new Error(
      `${relative(ROOT, missing)} is missing: build first (npm run e2e builds, or npx nx run-many -t build).`,
    );
  // The services' ports and the gateway's metrics port (base + 6); the PayPal simulator takes a free one.
  for (const port of scripts.stackPorts(BASE_PORT)) {
    if (!(await scripts.isPortFree(port)))
      throw new Error(`Port ${port} of the e2e stack is in use: is another e2e run still going?`);
  }

  const infrastructure = await scripts.prepareInfrastructure();
  const cleanups: Array<() => Promise<unknown>> = [infrastructure.stop];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    await scripts.ensureDatabases(infrastructure.databaseServerUrl, scripts.databaseNames(DATABASE_PREFIX), {
      reset: true,
    });
    await scripts.clearRedisPrefix(infrastructure.redisUrl, QUEUE_PREFIX);

    const fixtures = await startFixtureServer();
    cleanups.push(() => fixtures.close());
    process.env.PIXTRACT_E2E_FIXTURE_ORIGIN = fixtures.origin;
    // Payments go to the PayPal simulator, on a port of its own; tests open its pages and resend its webhooks.
    const payPalSimulatorPort = await scripts.freePort();
    process.env.PIXTRACT_E2E_PAYPAL_ORIGIN = `http://127.0.0.1:${payPalSimulatorPort}`;
    // Google sign-in goes to the Google sign-in simulator, as under npm start without a Google client.
    const googleSimulatorPort = await scripts.freePort();
    process.env.PIXTRACT_E2E_GOOGLE_ORIGIN = `http://127.0.0.1:${googleSimulatorPort}`;
    // The services inherit this process's environment.
    process.env.ADMIN_USERNAMES = E2E_ADMIN_USERNAME;
    // Every browser of the suite calls from 127.0.0.1, like a school behind one NAT: the address's own allowance
    // (shared by anonymous visitors there) is raised, each visitor keeps the free plan's.
    process.env.PIXTRACT_QUOTA_ADDRESS_DAILY = '1000000';
    process.env.PIXTRACT_QUOTA_FREE_DAILY = String(E2E_DAILY_QUOTAS.free);
    process.env.PIXTRACT_QUOTA_REGISTERED_DAILY = String(E2E_DAILY_QUOTAS.registered);
    // The services' shared secret: tests that call a service behind the gateway (billing's test clock) send it.
    process.env.INTERNAL_TOKEN = randomBytes(32).toString('hex');
    // Every test browser is 127.0.0.1, so the suite shares one address's allowance of sign-ups, newsletter
    // sign-ups, donation orders and screenshots.
    process.env.PIXTRACT_RATE_LIMITS = 'register=100/600,newsletter=100/600,donations=100/600,screenshots=100/60';

    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    const log = createWriteStream(stackLog);
    cleanups.push(() => new Promise((resolve) => log.end(resolve)));
    const stack = scripts.launchStack(
      scripts.serviceProcesses({
        basePort: BASE_PORT,
        internalToken: process.env.INTERNAL_TOKEN,
        databaseServerUrl: infrastructure.databaseServerUrl,
        databasePrefix: DATABASE_PREFIX,
        redisUrl: infrastructure.redisUrl,
        chromiumPath: infrastructure.chromiumPath,
        queuePrefix: QUEUE_PREFIX,
        nodeEnv: 'test',
        logLevel: process.env.LOG_LEVEL ?? 'info',
        allowPrivateNetworks: true,
        payPalSimulatorPort,
        googleSimulatorPort,
        publicUrl: E2E_BASE_URL,
      }),
      { output: log },
    );
    cleanups.push(stack.stop);
    await stack.waitReady();
  } catch (error) {
    await teardown();
    if (error instanceof scripts.StackFailure) {
      throw new Error(
        `${error.message}. Its last log lines (all in ${relative(ROOT, stackLog)}):\n${error.lastLines.join('\n')}`,
      );
    }
    throw error;
  }
  return teardown;
}
