// Every jest project, unit and integration (jest.projects.js): `npx jest <path>` finds a test of either kind.
// `npm test` runs jest.unit.config.js and jest.integration.config.js one after the other, each with its own workers.
const { jestProjects } = require('./jest.projects');

module.exports = {
  // The integration tests' hang guard (jest.integration.config.js), as only a root config's testTimeout counts.
  testTimeout: require('./jest.integration.config').testTimeout,
  projects: [...jestProjects('unit'), ...jestProjects('integration')],
};
