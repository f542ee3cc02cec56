// `npm run build` runs this after `vite build`: it fails the build when the gzipped JavaScript
// for the home page, for any lazily loaded screen group or for the boot script is over its budget
// (issue 7).
// Usage: node scripts/check-bundle-budget.mjs [--outDir dist/web]   (or WEB_DIST_DIR=dist/web)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { computeBundleSizes, overBudget } from './bundle-budget.mjs';

function outDirFromArguments(args) {
  const index = args.findIndex((arg) => arg === '--outDir' || arg.startsWith('--outDir='));
  if (index === -1) return undefined;
  const arg = args[index];
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(
  root,
  outDirFromArguments(process.argv.slice(2)) ?? process.env.WEB_DIST_DIR ?? 'dist/web',
);
const manifestPath = join(outDir, '.vite', 'manifest.json');

let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (error) {
  console.error(`Cannot read ${manifestPath} (build with build.manifest: true first):`, error);
  process.exit(2);
}

const gzipSizeOf = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
const sizes = computeBundleSizes(manifest, gzipSizeOf);
const kb = (bytes) => (bytes / 1024).toFixed(1);

const rows = [sizes.initial, ...sizes.groups, ...sizes.scripts].map((group) => [
  group.name,
  kb(group.bytes),
  kb(group.budget),
  group.bytes > group.budget ? 'OVER' : 'ok',
]);
const widths = [0, 1, 2, 3].map((i) =>
  Math.max(...[['group', 'KB gz', 'budget', ''], ...rows].map((row) => row[i].length)),
);
const line = (row) =>
  row
    .map((cell, i) => (i === 0 || i === 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
    .join('  ')
    .trimEnd();
console.log(`Bundle budgets (gzipped JavaScript) in ${outDir}`);
console.log(line(['group', 'KB gz', 'budget', '']));
for (const row of rows) console.log(line(row));

const over = overBudget(sizes);
if (over.length > 0) {
  for (const group of over) {
    console.error(
      `Over budget: ${group.name} is ${kb(group.bytes)} KB gzipped, budget ${kb(group.budget)} KB (${group.files.join(', ')})`,
    );
  }
  process.exit(1);
}
