module.exports = {
  ...require('../jest.preset'),
  displayName: 'web',
  testEnvironment: '<rootDir>/src/test/jsdom-with-fetch.environment.js',
  setupFilesAfterEnv: ['<rootDir>/src/test/setup-tests.ts'],
  restoreMocks: true,
};
