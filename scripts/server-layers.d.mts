/** Types for server-layers.mjs (plain JavaScript so `npm run check` runs it without a compiler). */
import type { BoundaryRule, ImportGraph } from './import-graph.mjs';

export declare const serverLayerRules: BoundaryRule[];
export declare function findFolderCycles(
  graph: ImportGraph,
): Array<{ folders: string[]; imports: string[] }>;
export declare function findQueries(
  fileName: string,
  source: string,
): Array<{ line: number; query: string }>;
export declare function mayQuery(file: string): boolean;
export declare function findQueriesOutsideStores(
  projectRoot: string,
  graph: ImportGraph,
): Array<{ file: string; line: number; query: string }>;
