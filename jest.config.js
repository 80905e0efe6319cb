// Every jest project, unit and integration (jest.projects.js): `npx jest <path>` finds a test of either kind.
// `npm test` runs jest.unit.config.js and jest.integration.config.js one after the other, each with its own workers.
const { jestProjects } = require('./jest.projects');

module.exports = { projects: [...jestProjects('unit'), ...jestProjects('integration')] };
