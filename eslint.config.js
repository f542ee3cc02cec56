import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const zodMiniOnly = { name: 'zod', message: "Use 'zod/mini' in browser and shared code." };

const leavesItsFolder = {
  regex: '^\\.\\./',
  message: "Import from another folder with '@/…' (src/web) or '@common/…' (src/common).",
};
const intoTheShell = {
  regex: '^@/app/',
  message: 'Only the app shell composes features; pass what you need down instead.',
};
const intoAnyFeature = {
  regex: '^@/features/',
  message: 'components/ and lib/ are shared by features and may not depend on one.',
};

function noRestrictedImports(...patterns) {
  return { 'no-restricted-imports': ['error', { paths: [zodMiniOnly], patterns }] };
}

/** One block per feature folder (each may import only itself), plus components/, lib/ and common/. */
function webBoundaries() {
  const features = readdirSync(new URL('./src/web/features', import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      files: ['src/web/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: noRestrictedImports(leavesItsFolder),
    },
    ...features.map((feature) => ({
      files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: noRestrictedImports(leavesItsFolder, intoTheShell, {
        regex: `^@/features/(?!${feature}/)`,
        message: `A feature does not import another feature: move what both need to components/ or lib/, or let the shell (app/) compose them.`,
      }),
    })),
    {
      files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: noRestrictedImports(leavesItsFolder, intoTheShell, intoAnyFeature),
    },
    {
      files: ['src/common/**/*.ts'],
      rules: noRestrictedImports({
        regex: '^@',
        message: 'src/common runs on the server without a bundler: use a relative import.',
      }),
    },
  ];
}

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
    rules: { 'no-restricted-imports': ['error', { paths: [zodMiniOnly] }] },
  },
  // The web app's boundaries (docs/architecture-web.md): the import graph flows one way, shell
  // (app/) → features/ → components/ and lib/ → src/common. A feature does not import app/ or
  // another feature; components/ and lib/ import neither; an import that leaves its folder says
  // where it goes (`@/…`, `@common/…`), so these patterns see every such import. src/common, which
  // the server runs without a bundler, takes no aliases. (These blocks repeat the zod rule above:
  // a later `no-restricted-imports` replaces an earlier one for the files both match.)
  ...webBoundaries(),
);
