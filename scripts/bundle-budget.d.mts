/** Types for bundle-budget.mjs (plain JavaScript so the build can run it without a compiler). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface MeasuredGroup {
  name: string;
  files: string[];
  bytes: number;
  budget: number;
  /** Set for a known overage: the size it may not exceed while over budget. */
  cap?: number;
}

export declare const bundleBudgets: { initialBytes: number; lazyGroupBytes: number };
export declare const knownOverages: Record<string, number>;
export declare function computeBundleSizes(
  manifest: Manifest,
  gzipSizeOf: (file: string) => number,
  overages?: Record<string, number>,
): { initial: MeasuredGroup; groups: MeasuredGroup[] };
export declare function limitOf(group: MeasuredGroup): number;
export declare function overBudget(sizes: {
  initial: MeasuredGroup;
  groups: MeasuredGroup[];
}): MeasuredGroup[];
