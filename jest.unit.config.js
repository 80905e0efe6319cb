// Unit tests: no Postgres, Redis, Chromium or network server (jest.projects.js).
const { jestProjects } = require('./jest.projects');

module.exports = { projects: jestProjects('unit') };
