import { rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { nodeBundleOptions } from '../../scripts/build-server.mjs';

const repoRoot = resolve(import.meta.dirname, '../..');

let bundles = 0;

/**
 * A test's helper script (TypeScript, with what it imports from src/) compiled to one JavaScript
 * file for a plain `node` to run, as the server is compiled (nodeBundleOptions): started through tsx instead, each process spent more CPU on
 * tsx's loader than on its work (about 2.3 CPU-s against 0.5). `entry` is a file under the
 * project's root, or `{ program }`, a module's source whose imports are relative to that root.
 * Packages stay imports, resolved from the project's node_modules, under whose .cache the file is
 * written. Returns its path and a function that deletes it.
 */
export function bundleForNode(entry: string | { program: string }): {
  file: string;
  remove: () => void;
} {
  const name = typeof entry === 'string' ? basename(entry, '.ts') : 'program';
  const file = join(
    repoRoot,
    'node_modules',
    '.cache',
    'highstreet-test-helpers',
    `${name}-${process.pid}-${++bundles}.mjs`,
  );
  buildSync({
    ...nodeBundleOptions,
    ...(typeof entry === 'string'
      ? { entryPoints: [join(repoRoot, entry)] }
      : { stdin: { contents: entry.program, resolveDir: repoRoot, loader: 'ts' as const } }),
    outfile: file,
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}
