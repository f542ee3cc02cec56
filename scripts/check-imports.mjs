// `npm run check`: no import cycles (type-only imports count), no import across a boundary
// (docs/architecture.md), no two server folders importing each other, and no database query
// outside a store or db/ (scripts/server-layers.mjs). Exits non-zero, naming each one.
// `node scripts/check-imports.mjs [project folder]`: the current folder by default.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  buildImportGraph,
  findBoundaryBreaks,
  findCycles,
  projectBoundaries,
} from './import-graph.mjs';
import { findFolderCycles, findQueriesOutsideStores, serverLayerRules } from './server-layers.mjs';

const projectRoot = resolve(process.argv[2] ?? process.cwd());
const aliases = [
  ['@/', 'src/web/'],
  ['@common/', 'src/common/'],
];
const roots = ['src', 'tests', 'scripts', 'bench'].filter((root) =>
  existsSync(join(projectRoot, root)),
);
const graph = buildImportGraph(projectRoot, roots, aliases);
const cycles = findCycles(graph);
const breaks = findBoundaryBreaks(graph, [...projectBoundaries, ...serverLayerRules]);
const folderCycles = findFolderCycles(graph);
const queries = findQueriesOutsideStores(projectRoot, graph);

for (const cycle of cycles) console.error(`Import cycle between:\n  ${cycle.join('\n  ')}`);
for (const { file, target, message } of breaks)
  console.error(`${file} imports ${target}: ${message}`);
for (const { folders, imports } of folderCycles) {
  console.error(
    `Server folders import each other (${folders.join(', ')}); layers point one way, so move what` +
      ` they share down (kernel/, db/ or the lower folder) or pass a function in:\n  ${imports.join('\n  ')}`,
  );
}
for (const { file, line, query } of queries) {
  console.error(
    `${file}:${line} runs a database query (${query}): queries live in a store (*-store.ts) or in src/server/db/; call the store from here.`,
  );
}
const problems = cycles.length + breaks.length + folderCycles.length + queries.length;
if (problems > 0) {
  console.error(
    `\n${cycles.length} import cycle(s), ${breaks.length} boundary break(s), ` +
      `${folderCycles.length} server folder cycle(s), ${queries.length} query(ies) outside a store.`,
  );
  process.exit(1);
}
console.log(
  `Imports: ${graph.size} files, no cycles, no boundary breaks, server folders point one way, queries only in stores.`,
);
