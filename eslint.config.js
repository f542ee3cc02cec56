import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'screenshots',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Browser code and the schemas it shares use zod/mini: classic zod would add about 16 KB
    // gzipped to every form's chunk (docs/decisions/0006-zod-mini-for-shared-schemas.md).
    files: ['src/web/**/*.{ts,tsx}', 'src/common/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Use 'zod/mini' in browser and shared code." }] },
      ],
    },
  },
  {
    // The import graph flows one way (docs/architecture.md). Imports are resolved as TypeScript
    // resolves them: `./x.js` finds x.ts, and tsconfig's path aliases apply.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/common',
              from: ['./src/server', './src/web'],
              message: 'src/common is shared by the browser and the server: it imports neither.',
            },
            {
              target: ['./src/server/!(http)/**', './src/server/!(main).ts'],
              from: './src/server/http',
              message:
                'Resources do not import the HTTP shell (src/server/http); the shell imports them. Shared pieces go in src/server/kernel.',
            },
            {
              target: ['./src', './tests', './scripts', './bench'],
              from: './src/server/main.ts',
              message:
                'main.ts starts the server; nothing imports it (tests use http/build-app.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  // Web boundary rules (features do not import app/, a feature does not import another feature)
  // go in their own block here.
);
