// Integration tests: each package's test/ folder and integration/, on real Postgres, Redis and Chromium (jest.projects.js).
const { jestProjects } = require('./jest.projects');

module.exports = {
  // A hang guard, not a speed check: starting services, migrating databases and launching Chromium on a loaded
  // machine outlasts jest's 5 s default. (Only a root config's testTimeout counts, so it is set here.)
  testTimeout: 60_000,
  projects: jestProjects('integration'),
};
