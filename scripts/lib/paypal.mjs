// Which PayPal the stack talks to: the real one (sandbox or live) when its credentials are set, else the local
// simulator (simulators/paypal), run as one more process of the stack, and the screens say "test payments".
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

/** The simulator's REST app and webhook: public, fixed values (no money moves), handed to both sides. */
const SIMULATOR = {
  clientId: 'pixtract-simulator-client',
  clientSecret: 'pixtract-simulator-secret',
  webhookId: 'PIXTRACTSIMULATORWEBHOOK',
};

/** npm start's simulator port: the gateway's + 5, next to the five services. */
export const SIMULATOR_PORT_OFFSET = 5;

export const simulatorEntry = join(ROOT, 'simulators', 'paypal', 'dist', 'main.js');

/** True when the environment names no PayPal REST app: the stack then runs the simulator. */
export const usesPayPalSimulator = (env = process.env) => !(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET);

/**
 * The simulator's process and what billing and the gateway need to use it. Every PAYPAL_* value is set
 * explicitly, so PayPal settings in the caller's environment cannot point a simulated stack at the real PayPal.
 * The simulator posts its webhooks to the gateway, the public origin, as PayPal would.
 */
export function payPalSimulator({ port, gatewayPort, nodeEnv }) {
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    process: {
      name: 'paypal',
      command: process.execPath,
      args: [simulatorEntry],
      env: {
        PORT: String(port),
        PAYPAL_CLIENT_ID: SIMULATOR.clientId,
        PAYPAL_CLIENT_SECRET: SIMULATOR.clientSecret,
        PAYPAL_WEBHOOK_ID: SIMULATOR.webhookId,
        PAYPAL_SIMULATOR_WEBHOOK_URL: `http://127.0.0.1:${gatewayPort}/api/billing/paypal/webhook`,
      },
      readyUrl: `${origin}/ready`,
    },
    billing: {
      PAYPAL_API_BASE: origin,
      PAYPAL_CLIENT_ID: SIMULATOR.clientId,
      PAYPAL_CLIENT_SECRET: SIMULATOR.clientSecret,
      PAYPAL_WEBHOOK_ID: SIMULATOR.webhookId,
      PAYPAL_CERT_HOSTS: origin,
      // The e2e stack (NODE_ENV=test) moves billing's clock (POST /internal/test-clock/advance, with the services'
      // secret); `npm start` has no test clock, and production refuses one.
      BILLING_TEST_CLOCK: nodeEnv === 'test' ? '1' : '0',
    },
    gateway: { PAYPAL_SDK_URL: `${origin}/sdk/js`, PAYPAL_CLIENT_ID: SIMULATOR.clientId, PAYPAL_TEST_PAYMENTS: '1' },
  };
}

/** One line for the start script: which PayPal payments go to. */
export function describePayPal(simulator, env = process.env) {
  if (simulator)
    return `PayPal: the local simulator at ${simulator.origin} (test payments, no money moves; approval pages there)`;
  const base = env.PAYPAL_API_BASE ?? 'https://api-m.sandbox.paypal.com';
  return `PayPal: ${base}${env.PAYPAL_TEST_PAYMENTS === '1' || env.PAYPAL_TEST_PAYMENTS === 'true' ? ' (test payments)' : ''}`;
}
