/** The relying party the simulator knows unless told otherwise: public, fixed values (it signs no one in for real). */
export const SIMULATOR_CLIENT = {
  clientId: 'pixtract-google-simulator.apps.googleusercontent.com',
  clientSecret: 'pixtract-google-simulator-secret',
};
