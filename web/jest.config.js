module.exports = {
  ...require('../jest.preset'),
  displayName: 'web',
  testEnvironment: '<rootDir>/src/test/jsdom-with-fetch.environment.js',
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
  restoreMocks: true,
  // A whole page clicked through in jsdom outlasts jest's 5 s when the shared machine is loaded: wait, don't race.
  testTimeout: 30_000,
};
