import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const zodMiniOnly = { name: 'zod', message: "Use 'zod/mini' in browser and shared code." };

const leavesItsFolder = {
  regex: '^\\.\\./',
  message: "Import from another folder with '@/…' (src/web) or '@common/…' (src/common).",
};
function noRestrictedImports(...patterns) {
  return { 'no-restricted-imports': ['error', { paths: [zodMiniOnly], patterns }] };
}

function importStyle() {
  return [
    {
      files: ['src/web/**/*.{ts,tsx}'],
      ignores: ['**/*.test.{ts,tsx}'],
      rules: noRestrictedImports(leavesItsFolder),
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
  // Import style: an import that leaves its folder in src/web says where it goes (`@/…`,
  // `@common/…`); src/common, which the server runs without a bundler, takes no aliases. (These
  // blocks repeat the zod rule above: a later `no-restricted-imports` replaces an earlier one.)
  // Cycles and boundaries (shell → features → components/lib → common; one feature never imports
  // another) are checked by scripts/check-imports.mjs, which sees type-only and dynamic imports too.
  ...importStyle(),
  {
    // A string as replace's second argument expands $&, $', $` and $$: text an owner or visitor
    // wrote must go in through a function (or split/join), never as the replacement pattern.
    // (The client registry's own replace(record, version) is not String's.)
    files: ['src/server/**/*.ts', 'src/common/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]' +
            ':not([callee.object.name="registry"])' +
            ':not([arguments.1.type=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/])' +
            ':not([arguments.1.type="TemplateLiteral"][arguments.1.expressions.length=0])',
          message:
            "A computed replacement string expands $& $` $' $$: pass a function, () => text, instead.",
        },
      ],
    },
  },
);
