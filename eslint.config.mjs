// One ESLint config for the monorepo: type-aware TypeScript rules everywhere, React's hook rules in
// the web, and Nx's module boundaries so a service never imports another service (tests included)
// and the web imports only libs. Formatting is Prettier's job (`prettier --check` in `npm run lint`).
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.nx/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      'e2e/screenshots/**',
      '.data/**',
      // Pages, scripts and images the tests serve as they are: written to look like the web, not like us.
      '**/fixtures/**',
      'content/**',
      'web/public/**',
      'services/gateway/public/**',
    ],
  },
  { plugins: { '@nx': nx } },
  js.configs.recommended,
  {
    // A `let` assigned once but read earlier by a closure (a server's handler before its context exists) stays `let`.
    rules: { 'prefer-const': ['error', { ignoreReadBeforeAssign: true }] },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The bench drives Chromium: the functions it hands to page.evaluate run in the page.
    files: ['bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TS_FILES })),
  {
    files: TS_FILES,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // The e2e stack starts the product with the start script's own modules.
          allow: ['../scripts/lib/**'],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            // A service's tests may start the PayPal simulator (it speaks PayPal's HTTP API); no other service.
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib', 'type:simulator'] },
            { sourceTag: 'type:simulator', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['scope:shared-with-web'] },
            { sourceTag: 'type:test-suite', onlyDependOnLibsWithTags: ['type:lib'] },
            // Cross-service integration tests start several services together: the one place that may.
            {
              sourceTag: 'type:integration-tests',
              onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:simulator'],
            },
          ],
        },
      ],
      // Errors passed through from callbacks and abort signals are `any`/`unknown`: still no literals.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      // Unused arguments named `_x` are kept on purpose (Nest hooks, Express signatures).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests read answers off the wire as untyped JSON on purpose: the assertion is the type check.
    files: [
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/test/**/*.ts',
      'integration/**/*.ts',
      'e2e/**/*.ts',
      'web/src/test/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Stand-ins for async collaborators (`check: async () => …`) keep the real signature without awaiting.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The PayPal simulator keeps PayPal's resources as the JSON documents PayPal's API answers, not as our types.
    files: ['simulators/paypal/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One direction between web features: an extraction (like a crawl) shows its images in the results gallery,
    // so results know nothing of extraction.
    files: ['web/src/features/results/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/extraction', '**/features/extraction/**', '../extraction', '../extraction/**'],
              message: 'features/results is below features/extraction: move what both need into results or a lib.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
