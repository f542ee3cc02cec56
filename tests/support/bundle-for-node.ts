import { rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { buildSync } from 'esbuild';

const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * A test's helper script (TypeScript, with what it imports from src/) compiled to one JavaScript
 * file for a plain `node` to run: started through tsx instead, each process spent more CPU on
 * tsx's loader than on its work (about 2.3 CPU-s against 0.5). Packages stay imports, resolved
 * from the project's node_modules, under whose .cache the file is written. Returns its path and a
 * function that deletes it.
 */
export function bundleForNode(entry: string): { file: string; remove: () => void } {
  const file = join(
    repoRoot,
    'node_modules',
    '.cache',
    'highstreet-test-helpers',
    `${basename(entry, '.ts')}-${process.pid}-${Date.now()}.mjs`,
  );
  buildSync({
    absWorkingDir: repoRoot,
    entryPoints: [join(repoRoot, entry)],
    outfile: file,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}
