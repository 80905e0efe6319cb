// The jest projects of the monorepo, in two kinds. Unit tests (`<package>/src/**/*.spec.ts(x)`) start nothing:
// no Postgres, Redis, Chromium or network server. Integration tests (`<package>/test/`, and integration/ for tests
// that start several services) use the real ones, each file on its own database and Redis prefix.
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const PACKAGE_FOLDERS = ['libs', 'services', 'simulators'];

/** Every folder holding a jest.config.js: the libs, services and simulators, and the web app. */
function packageRoots() {
  const nested = PACKAGE_FOLDERS.flatMap((folder) =>
    readdirSync(join(__dirname, folder)).map((name) => join(__dirname, folder, name)),
  );
  return [...nested, join(__dirname, 'web')].filter((root) => existsSync(join(root, 'jest.config.js')));
}

const project = (rootDir, displayName, testMatch) => ({
  ...require(join(rootDir, 'jest.config.js')),
  rootDir,
  displayName,
  testMatch,
});

/** @param {'unit' | 'integration'} kind */
function jestProjects(kind) {
  if (kind === 'unit')
    return packageRoots().map((root) =>
      project(root, require(join(root, 'jest.config.js')).displayName, [
        '<rootDir>/src/**/*.spec.ts',
        '<rootDir>/src/**/*.spec.tsx',
      ]),
    );
  const own = packageRoots()
    .filter((root) => existsSync(join(root, 'test')))
    .map((root) =>
      project(root, `${require(join(root, 'jest.config.js')).displayName}:integration`, [
        '<rootDir>/test/**/*.spec.ts',
      ]),
    );
  return [...own, join(__dirname, 'integration', 'jest.config.js')];
}

module.exports = { jestProjects };
