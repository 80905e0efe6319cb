// Which Google the stack signs people in with: the real one when its OAuth client is set, else the local Google
// sign-in simulator (simulators/google), run as one more process of the stack, and the sign-in buttons say
// "Test sign-in".
import { join } from 'node:path';
import { SIMULATOR_CLIENT } from '../../simulators/google/src/client.mjs';
import { ROOT } from './paths.mjs';

export const googleSimulatorEntry = join(ROOT, 'simulators', 'google', 'src', 'main.mjs');

/** True when the environment names no Google OAuth client: the stack then runs the simulator. */
export const usesGoogleSimulator = (env = process.env) => !(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

/**
 * The simulator's process and what auth needs to use it. Every GOOGLE_* value is set explicitly, so Google
 * settings in the caller's environment cannot point a simulated stack at the real Google. Browsers come back to
 * auth's callback on the public address (`publicUrl`), as they would from Google.
 */
export function googleSimulator({ port, publicUrl }) {
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    process: {
      name: 'google',
      command: process.execPath,
      args: [googleSimulatorEntry],
      env: {
        PORT: String(port),
        GOOGLE_CLIENT_ID: SIMULATOR_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: SIMULATOR_CLIENT.clientSecret,
        GOOGLE_SIMULATOR_REDIRECT_URIS: new URL('/api/auth/google/callback', publicUrl).toString(),
      },
      readyUrl: `${origin}/ready`,
    },
    auth: {
      GOOGLE_ISSUER: origin,
      GOOGLE_CLIENT_ID: SIMULATOR_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: SIMULATOR_CLIENT.clientSecret,
      GOOGLE_TEST_SIGN_IN: '1',
    },
  };
}

/** One line for the start script: where Google sign-in goes. */
export function describeGoogle(simulator, env = process.env) {
  if (simulator)
    return `Google sign-in: the local simulator at ${simulator.origin} (test sign-in: any address, no password)`;
  return `Google sign-in: ${env.GOOGLE_ISSUER ?? 'https://accounts.google.com'}`;
}
