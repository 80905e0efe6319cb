/**
 * The simulator's REST app and webhook when none are given: public, fixed values (the simulator moves no money), so
 * `npm start` and the e2e stack can hand the same ones to billing and the gateway.
 */
export const SIMULATOR_CREDENTIALS = {
  clientId: 'pixtract-simulator-client',
  clientSecret: 'pixtract-simulator-secret',
  webhookId: 'PIXTRACTSIMULATORWEBHOOK',
} as const;
