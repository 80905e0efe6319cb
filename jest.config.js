// Every jest project of the monorepo; `npm test` runs them all, then the Playwright e2e suite.
module.exports = {
  projects: [
    '<rootDir>/libs/*/jest.config.js',
    '<rootDir>/services/*/jest.config.js',
    '<rootDir>/simulators/*/jest.config.js',
    '<rootDir>/web/jest.config.js',
  ],
};
