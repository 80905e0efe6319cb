// Tests that start several services: the gateway in process with its own auth (and billing, zipper) and extractor
// workers from their built dist/ — which is why Nx builds every service before this project's test target.
module.exports = {
  ...require('../jest.preset'),
  displayName: 'integration',
  testMatch: ['<rootDir>/gateway/**/*.spec.ts'],
};
