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
}

export interface BundleSizes {
  initial: MeasuredGroup;
  groups: MeasuredGroup[];
  /** Entries that are scripts rather than pages (the boot script). */
  scripts: MeasuredGroup[];
}

export declare const bundleBudgets: {
  initialBytes: number;
  lazyGroupBytes: number;
  scriptEntryBytes: number;
  backOfficeGroupBytes: number;
};
export declare function isBackOfficeGroup(name: string): boolean;
export declare function computeBundleSizes(
  manifest: Manifest,
  gzipSizeOf: (file: string) => number,
): BundleSizes;
export declare function overBudget(sizes: BundleSizes): MeasuredGroup[];
