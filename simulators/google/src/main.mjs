// `node src/main.mjs`: the simulator as a process of the stack (npm start, the e2e suite, the auth tests). PORT,
// the client it accepts (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) and where that client's browsers go back
// (GOOGLE_SIMULATOR_REDIRECT_URIS, comma-separated) come from the environment.
import { SIMULATOR_CLIENT } from './client.mjs';
import { startGoogleSimulator } from './simulator.mjs';

const env = process.env;
const redirectUris = (env.GOOGLE_SIMULATOR_REDIRECT_URIS ?? '').split(',').filter(Boolean);
try {
  if (redirectUris.length === 0) throw new Error('GOOGLE_SIMULATOR_REDIRECT_URIS names no redirect address');
  const simulator = await startGoogleSimulator({
    port: Number(env.PORT ?? 0),
    clientId: env.GOOGLE_CLIENT_ID || SIMULATOR_CLIENT.clientId,
    clientSecret: env.GOOGLE_CLIENT_SECRET || SIMULATOR_CLIENT.clientSecret,
    redirectUris,
  });
  process.stdout.write(`Google sign-in simulator listening on ${simulator.origin} (test accounts)\n`);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  process.stderr.write(`Failed to start the Google sign-in simulator: ${error.stack ?? error}\n`);
  process.exit(1);
}
