// What each production build is made from, and a hash of it, so `npm start` rebuilds exactly when
// an input changed (docs/decisions/0021-first-command.md). The hashes of the last good build are kept
// in dist/build-inputs.json, beside the outputs they describe.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');
const stampFile = join(root, 'dist', 'build-inputs.json');

/** The files and folders each build reads (folders whole, test files included: cheap and safe). */
export const buildInputs = {
  // `npm run build`: client bundle, prerender bundle, bundle budget.
  web: [
    'src/web',
    'src/common',
    'vite.config.ts',
    'tsconfig.json',
    'package-lock.json',
    'scripts/vite-precompress.mjs',
    'scripts/web-aliases.mjs',
    'scripts/bundle-budget.mjs',
    'scripts/check-bundle-budget.mjs',
  ],
  // scripts/build-server.mjs: src/server and src/common compiled to dist/server.
  server: ['src/server', 'src/common', 'package-lock.json', 'scripts/build-server.mjs'],
};

/** What must exist for each build to count as present. */
export const buildOutputs = {
  web: ['dist/web/index.html', 'dist/web/server/entry-server.js', 'dist/web/.vite/manifest.json'],
  server: ['dist/server/main.js', 'dist/server/serve.js'],
};

function filesUnder(path) {
  const absolute = join(root, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') || entry.name === '.env')
    .flatMap((entry) => filesUnder(relative(root, join(absolute, entry.name))));
}

/** A SHA-256 over the inputs' paths and contents, in a fixed order. */
export function inputsHash(kind) {
  const hash = createHash('sha256');
  const files = buildInputs[kind].flatMap(filesUnder).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function readStamp() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

/** Records the hash a build was made from, once it has succeeded. */
export function writeStamp(kind, hash) {
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${JSON.stringify({ ...readStamp(), [kind]: hash }, null, 2)}\n`);
}

/** Whether a build is missing, or was made from other inputs than the ones there now. */
export function isStale(kind, hash = inputsHash(kind)) {
  return (
    readStamp()[kind] !== hash || buildOutputs[kind].some((file) => !existsSync(join(root, file)))
  );
}

// `node scripts/build-inputs.mjs --stamp web|server`: records the current inputs as built (the
// end of `npm run build` and `npm run build:server`, so a build made by hand counts too).
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const kind = process.argv[process.argv.indexOf('--stamp') + 1];
  if (!process.argv.includes('--stamp') || !(kind in buildInputs)) {
    console.error('Usage: node scripts/build-inputs.mjs --stamp web|server');
    process.exit(1);
  }
  writeStamp(kind, inputsHash(kind));
}
