// Compiles the server (src/server with the src/common it imports) to plain JavaScript in
// dist/server, so production runs `node dist/server/main.js` with no TypeScript loader. One
// esbuild bundle per entry point; packages stay imports from node_modules. Types are checked by
// `npm run check`, not here: this takes a fraction of a second.
// Usage: node scripts/build-server.mjs
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { root } from './build-inputs.mjs';

export async function buildServer() {
  const outdir = join(root, 'dist', 'server');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      // main holds a nextTick object, then imports serve: two bundles, so that none of serve's
      // imports is evaluated before it does (src/server/main.ts).
      main: 'src/server/main.ts',
      serve: 'src/server/serve.ts',
      'outbox-cli': 'src/server/mail/outbox-cli.ts',
      // The release step without a TypeScript loader: `node dist/server/migrate.js`.
      migrate: 'src/server/db/migrate-cli.ts',
    },
    outdir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    logLevel: 'warning',
    external: ['./serve.js'],
  });
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await buildServer();
