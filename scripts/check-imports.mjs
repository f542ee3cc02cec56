// `npm run check`: no import cycles (type-only imports count) and no import across a boundary
// (docs/architecture.md). Exits non-zero, naming each cycle and each break.
import {
  buildImportGraph,
  findBoundaryBreaks,
  findCycles,
  projectBoundaries,
} from './import-graph.mjs';

const aliases = [
  ['@/', 'src/web/'],
  ['@common/', 'src/common/'],
];
const graph = buildImportGraph(process.cwd(), ['src', 'tests', 'scripts', 'bench'], aliases);
const cycles = findCycles(graph);
const breaks = findBoundaryBreaks(graph, projectBoundaries);

for (const cycle of cycles) console.error(`Import cycle between:\n  ${cycle.join('\n  ')}`);
for (const { file, target, message } of breaks)
  console.error(`${file} imports ${target}: ${message}`);
if (cycles.length > 0 || breaks.length > 0) {
  console.error(`\n${cycles.length} import cycle(s), ${breaks.length} boundary break(s).`);
  process.exit(1);
}
console.log(`Imports: ${graph.size} files, no cycles, no boundary breaks.`);
