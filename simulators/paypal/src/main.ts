import { SIMULATOR_CREDENTIALS } from './credentials';
import { startPayPalSimulator } from './simulator';

/**
 * `node dist/main.js`: the simulator as a process of the stack (npm start, the e2e suite). PORT, the credentials it
 * accepts (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET), its webhook's id (PAYPAL_WEBHOOK_ID) and listener
 * (PAYPAL_SIMULATOR_WEBHOOK_URL) come from the environment.
 */
async function main(): Promise<void> {
  const env = process.env;
  const simulator = await startPayPalSimulator({
    port: Number(env.PORT ?? 0),
    clientId: env.PAYPAL_CLIENT_ID || SIMULATOR_CREDENTIALS.clientId,
    clientSecret: env.PAYPAL_CLIENT_SECRET || SIMULATOR_CREDENTIALS.clientSecret,
    webhookId: env.PAYPAL_WEBHOOK_ID || SIMULATOR_CREDENTIALS.webhookId,
    webhookUrl: env.PAYPAL_SIMULATOR_WEBHOOK_URL || undefined,
  });
  process.stdout.write(
    `PayPal simulator listening on ${simulator.origin} (webhooks to ${env.PAYPAL_SIMULATOR_WEBHOOK_URL || 'nowhere'})\n`,
  );
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start the PayPal simulator: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
