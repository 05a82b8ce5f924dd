import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layerBoundaries from './scripts/eslint/layer-boundaries.js';
import serverBoundaries from './scripts/eslint/server-boundaries.js';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: {
      project: { rules: { 'layer-boundaries': layerBoundaries, 'server-boundaries': serverBoundaries } },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' },
      ],
      'project/layer-boundaries': 'error',
      'project/server-boundaries': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The shared contracts are zod schemas: the web takes only their types, so zod stays out of its
      // bundle (the login page's size budget); limits, labels and messages come from the plain rules files.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'The web does not ship zod.', allowTypeImports: true },
            {
              name: '@dealer-hr/shared/validation',
              message: 'zod schemas: use @dealer-hr/shared/rules in the web.',
              allowTypeImports: true,
            },
          ],
          patterns: [
            {
              group: ['@dealer-hr/shared/*/contract'],
              message:
                "A contract is zod schemas: import its types only (import type), or the domain's rules.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Browser tests take `test` from the suite's own, which fails a test on any content security policy
    // violation (docs/decisions.md "Compression and security headers").
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/support/test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'Import test from e2e/support/test: it checks every page for CSP violations.',
            },
          ],
        },
      ],
    },
  },
  {
    // The configuration module and the tool configs/scripts are where the environment is read.
    files: [
      'apps/server/src/config.ts',
      '**/*.config.{ts,js,mjs}',
      'apps/server/build.mjs',
      'scripts/**',
      'e2e/**',
      'bench/**',
      'apps/server/src/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
