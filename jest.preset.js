// Shared jest settings: swc compiles TypeScript (with Nest's decorator metadata) and
// workspace libs resolve to their sources, so tests never need a prior build.
const path = require('node:path');

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx$': swc(true), '^.+\\.(ts|js|mjs)$': swc(false) },
  moduleNameMapper: {
    '^@pixtract/contracts/openapi$': path.join(__dirname, 'libs/contracts/src/openapi/index.ts'),
    '^@pixtract/(contracts|image-header|safe-fetch|service-kit|testing)$': path.join(__dirname, 'libs/$1/src/index.ts'),
    '^@pixtract/paypal-simulator$': path.join(__dirname, 'simulators/paypal/src/index.ts'),
    // integration/ reaches into the services it starts (their app modules and harnesses) by package name.
    '^@pixtract/(auth|billing|extractor|gateway|zipper)/(.+)$': path.join(__dirname, 'services/$1/$2'),
  },
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.spec.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
