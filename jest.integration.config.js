// Integration tests: each package's test/ folder and integration/, on real Postgres, Redis and Chromium (jest.projects.js).
const { jestProjects } = require('./jest.projects');

module.exports = { projects: jestProjects('integration') };
