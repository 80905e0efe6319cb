export { startPayPalSimulator, type PayPalSimulator, type PayPalSimulatorOptions } from './simulator';
export type { SignedDelivery, WebhookEvent } from './webhooks';
export { SIMULATOR_CREDENTIALS } from './credentials';
