import js from '@eslint/js';
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
  // Import cycles and boundaries (main → http → resources → kernel/db → common; app → features →
  // components/lib) are checked by scripts/check-imports.mjs, which counts type-only imports too.
);
