// The web app's import aliases, shared by vite.config.ts and vitest.config.ts (tsconfig.json
// `paths` says the same to TypeScript): `@/…` is src/web and `@common/…` is src/common, for
// imports that leave their folder. The server does not use them: it runs src/server and
// src/common without a bundler, so the files it imports keep relative paths.
import { fileURLToPath } from 'node:url';

export const webAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('../src/web/', import.meta.url)) },
  { find: /^@common\//, replacement: fileURLToPath(new URL('../src/common/', import.meta.url)) },
];
