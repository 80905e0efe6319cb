// The five services and the environment each one runs with (ports, databases, Redis, Chromium).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseUrl } from './databases.mjs';
import { ROOT, WEB_DIST } from './paths.mjs';
import { googleSimulator } from './google.mjs';
import { payPalSimulator, simulatorEntry } from './paypal.mjs';

/**
 * An archive streams hundreds of MB of network buffers that die young; with V8's default young generation
 * (16 MB semi-spaces) they wait long enough to lift the zipper's peak RSS past 200 MB. Smaller semi-spaces free
 * them sooner (docs/decisions/media.md). Also set for the zipper in docker-compose.yml.
 */
const ZIPPER_NODE_OPTIONS = '--max-semi-space-size=2';

/**
 * Port = base port + offset: 3000-3004 for `npm start`, 3100-3104 for the e2e stack. The gateway's Prometheus
 * endpoint is on base port + METRICS_OFFSET (3006; 3005 is the PayPal simulator's): its own port is public, the others serve /metrics on theirs.
 */
const METRICS_OFFSET = 6;

export const SERVICES = [
  { name: 'gateway', offset: 0, database: true },
  { name: 'auth', offset: 1, database: true },
  { name: 'extractor', offset: 2, database: false },
  { name: 'zipper', offset: 3, database: false },
  { name: 'billing', offset: 4, database: true },
];

const entryOf = (name) => join(ROOT, 'services', name, 'dist', 'main.js');

/** Database names for a prefix: pixtract_gateway… for `npm start`, pixtract_e2e_gateway… for e2e. */
export const databaseNames = (prefix) =>
  SERVICES.filter((service) => service.database).map((service) => `${prefix}_${service.name}`);

/** Entry points the build has not produced (yet): the services', and the PayPal simulator's. */
export const missingEntries = () =>
  [...SERVICES.map((service) => entryOf(service.name)), simulatorEntry].filter((entry) => !existsSync(entry));

/**
 * One process description per service, for stack.mjs. Only what differs from the inherited environment
 * is set, so a user's own settings (e.g. PIXTRACT_ALLOW_PRIVATE_NETWORKS, PayPal keys) pass through.
 * With `payPalSimulatorPort`, the PayPal simulator runs there as one more process and billing and the gateway
 * use it; without, they use the PayPal of the environment (PAYPAL_*). With `googleSimulatorPort`, the Google sign-in
 * simulator runs there and auth signs people in with it; without, with the Google of the environment (GOOGLE_*).
 * `publicUrl` is the address browsers use (PayPal and Google send them back to it), `http://localhost:<basePort>`
 * unless given. `internalToken` is the secret every
 * internal call carries (INTERNAL_TOKEN); the services behind the gateway listen on 127.0.0.1 (their HOST default).
 * @param {{ basePort: number, internalToken?: string, databaseServerUrl: string, databasePrefix: string, redisUrl: string, chromiumPath: string, queuePrefix: string,
 *   nodeEnv: string, logLevel: string, allowPrivateNetworks?: boolean, payPalSimulatorPort?: number, googleSimulatorPort?: number, publicUrl?: string, watch?: boolean }} options
 */
export function serviceProcesses({
  basePort,
  internalToken,
  databaseServerUrl,
  databasePrefix,
  redisUrl,
  chromiumPath,
  queuePrefix,
  nodeEnv,
  logLevel,
  allowPrivateNetworks,
  payPalSimulatorPort,
  googleSimulatorPort,
  publicUrl = `http://localhost:${basePort}`,
  watch = false,
}) {
  const portOf = (name) => basePort + SERVICES.find((service) => service.name === name).offset;
  const internalUrl = (name) => `http://127.0.0.1:${portOf(name)}`;
  const common = {
    NODE_ENV: nodeEnv,
    LOG_LEVEL: logLevel,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    ...(internalToken !== undefined && { INTERNAL_TOKEN: internalToken }),
    ...(allowPrivateNetworks !== undefined && { PIXTRACT_ALLOW_PRIVATE_NETWORKS: allowPrivateNetworks ? '1' : '0' }),
  };
  const paypal =
    payPalSimulatorPort === undefined
      ? undefined
      : payPalSimulator({ port: payPalSimulatorPort, gatewayPort: portOf('gateway'), nodeEnv });
  const google =
    googleSimulatorPort === undefined ? undefined : googleSimulator({ port: googleSimulatorPort, publicUrl });
  const own = {
    gateway: {
      WEB_DIST,
      AUTH_URL: internalUrl('auth'),
      ZIPPER_URL: internalUrl('zipper'),
      BILLING_URL: internalUrl('billing'),
      METRICS_PORT: String(basePort + METRICS_OFFSET),
      ...paypal?.gateway,
    },
    auth: { PUBLIC_URL: publicUrl, ...google?.auth },
    extractor: { CHROMIUM_PATH: chromiumPath },
    zipper: { NODE_OPTIONS: [process.env.NODE_OPTIONS, ZIPPER_NODE_OPTIONS].filter(Boolean).join(' ') },
    billing: { PUBLIC_URL: publicUrl, ...paypal?.billing },
  };
  const services = SERVICES.map(({ name, database }) => ({
    name,
    command: process.execPath,
    args: [...(watch ? ['--watch'] : []), entryOf(name)],
    env: {
      ...common,
      PORT: String(portOf(name)),
      ...(database && { DATABASE_URL: databaseUrl(databaseServerUrl, `${databasePrefix}_${name}`) }),
      ...own[name],
    },
    readyUrl: `${internalUrl(name)}/ready`,
  }));
  return [...services, ...[paypal, google].filter(Boolean).map((simulator) => simulator.process)];
}

/** The ports a stack on `basePort` listens on: the five services' and the gateway's metrics port. */
export const stackPorts = (basePort) => [
  ...SERVICES.map((service) => basePort + service.offset),
  basePort + METRICS_OFFSET,
];
