// Compiles the server (src/server with the src/common it imports) to plain JavaScript in
// dist/server, so production runs `node dist/server/main.js` and the command-line tools with no
// TypeScript loader and no devDependency. One esbuild bundle per entry point; packages stay
// imports from node_modules. Files the server reads at run time beside its code are copied next to
// the bundles (a bundle's import.meta.dirname is dist/server). Types are checked by `npm run
// check`, not here: this takes a fraction of a second.
// Usage: node scripts/build-server.mjs
import { copyFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { root } from './build-inputs.mjs';

/** The compiled entry points: `node dist/server/NAME.js` (package.json's scripts). */
export const serverEntryPoints = {
  // main holds a nextTick object, then imports serve: two bundles, so that none of serve's
  // imports is evaluated before it does (src/server/main.ts).
  main: 'src/server/main.ts',
  serve: 'src/server/serve.ts',
  // The release step: `npm run migrate`.
  migrate: 'src/server/migrate-cli.ts',
  'owner-cli': 'src/server/owners/owner-cli.ts',
  'content-cli': 'src/server/clients/content-cli.ts',
  'outbox-cli': 'src/server/mail/outbox-cli.ts',
  'retention-cli': 'src/server/retention/retention-cli.ts',
  'customers-cli': 'src/server/customers/customers-cli.ts',
  'client-cli': 'src/server/onboarding/client-cli.ts',
  'demo-cli': 'src/server/demo/demo-cli.ts',
};

/**
 * Files read at run time through `join(import.meta.dirname, NAME)`, copied flat beside the
 * bundles. scripts/build-server.test.ts fails when a source reads one that is not listed here.
 */
export const serverRuntimeFiles = ['src/server/owners/common-passwords.txt'];

/**
 * How the server's code is compiled: one ESM bundle per entry for Node, packages left as imports
 * from node_modules. The tests' helper scripts are compiled the same way (tests/support/bundle-for-node.ts).
 */
export const nodeBundleOptions = {
  absWorkingDir: root,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  logLevel: 'warning',
};

export async function buildServer(outdir = join(root, 'dist', 'server')) {
  // esbuild is a devDependency: imported here, so a production tree can read the lists above.
  const { build } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    ...nodeBundleOptions,
    entryPoints: serverEntryPoints,
    outdir,
    sourcemap: 'linked',
    external: ['./serve.js'],
  });
  for (const file of serverRuntimeFiles)
    copyFileSync(join(root, file), join(outdir, basename(file)));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await buildServer();
