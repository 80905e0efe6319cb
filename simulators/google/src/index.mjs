export { startGoogleSimulator } from './simulator.mjs';
export { SIMULATOR_CLIENT } from './client.mjs';
