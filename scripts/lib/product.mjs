// The product's processes as `npm start` runs them: one place for start-up's settings, so the scripts' tests start
// exactly what a user starts.
import { randomBytes } from 'node:crypto';
import { VITE_PORT } from './dev.mjs';
import { usesGoogleSimulator } from './google.mjs';
import { freePort } from './net.mjs';
import { SIMULATOR_PORT_OFFSET, usesPayPalSimulator } from './paypal.mjs';
import { serviceProcesses } from './services.mjs';

/**
 * The secret every internal call carries: INTERNAL_TOKEN as set; unset, a fresh one for this start outside
 * production, and none in production (the services then refuse to start, as they must without it).
 */
export function internalTokenFor(env = process.env) {
  if (env.INTERNAL_TOKEN) return env.INTERNAL_TOKEN;
  return (env.NODE_ENV ?? 'development') === 'production' ? undefined : randomBytes(32).toString('hex');
}

/**
 * `{ services, payPalSimulatorPort, googleSimulatorPort }` for base port `basePort` on `infrastructure`
 * (prepareInfrastructure's answer): the PayPal simulator without PayPal credentials, the Google sign-in simulator
 * (on a free port) without a Google client, NODE_ENV, LOG_LEVEL, QUEUE_PREFIX and PUBLIC_URL from `env`.
 */
export async function productProcesses({
  basePort,
  infrastructure,
  databasePrefix = 'pixtract',
  dev = false,
  env = process.env,
}) {
  const payPalSimulatorPort = usesPayPalSimulator(env) ? basePort + SIMULATOR_PORT_OFFSET : undefined;
  const googleSimulatorPort = usesGoogleSimulator(env) ? await freePort() : undefined;
  const services = serviceProcesses({
    basePort,
    internalToken: internalTokenFor(env),
    databaseServerUrl: infrastructure.databaseServerUrl,
    databasePrefix,
    redisUrl: infrastructure.redisUrl,
    chromiumPath: infrastructure.chromiumPath,
    queuePrefix: env.QUEUE_PREFIX ?? 'pixtract',
    nodeEnv: env.NODE_ENV ?? 'development',
    logLevel: env.LOG_LEVEL ?? 'info',
    payPalSimulatorPort,
    googleSimulatorPort,
    // PayPal and Google send buyers back to the address they use: Vite's in dev mode.
    publicUrl: env.PUBLIC_URL ?? (dev ? `http://localhost:${VITE_PORT}` : undefined),
    watch: dev,
  });
  return { services, payPalSimulatorPort, googleSimulatorPort };
}
