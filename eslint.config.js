import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web features never import each other; only app/ composes them (bulletproof-react).
// The zones are derived from the folders, so a new feature is covered without editing this file.
const webFeatures = (() => {
  try {
    return readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const featureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message:
    'Features do not import each other: move the shared piece to components/ or lib/, or compose in app/.',
}));

// Shared code flows one way: shared -> features -> app.
const layerZones = [
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
  { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
  { target: './packages/shared', from: ['./apps'] },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // Without a resolver that knows TypeScript's extensionless imports, the path zones below match nothing.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' },
      ],
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...layerZones] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
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
