/** Types for import-graph.mjs (plain JavaScript so `npm run check` runs it without a compiler). */
/** The TypeScript compiler the checks read sources with (loaded once, by `require`). */
export declare const ts: typeof import('typescript');

export type ImportGraph = Map<string, string[]>;

export interface BoundaryRule {
  from: RegExp;
  forbidden: (target: string, match: RegExpExecArray) => boolean;
  message: string;
}

export interface BoundaryBreak {
  file: string;
  target: string;
  message: string;
}

export declare function buildImportGraph(
  projectRoot: string,
  roots: string[],
  aliases?: Array<[prefix: string, folder: string]>,
): ImportGraph;
export declare function findCycles(graph: ImportGraph): string[][];
export declare function findBoundaryBreaks(
  graph: ImportGraph,
  rules: BoundaryRule[],
): BoundaryBreak[];
export declare const projectBoundaries: BoundaryRule[];
