/** The compiled entry points: `node dist/server/NAME.js` for each NAME (scripts/build-server.mjs). */
export const serverEntryPoints: Record<string, string>;
/** Files the server reads at run time, copied beside the bundles. */
export const serverRuntimeFiles: string[];
/** How the server's code is compiled (esbuild options); the tests' helpers are compiled alike. */
export const nodeBundleOptions: import('esbuild').BuildOptions;
/** Compiles the server into `outdir` (default dist/server). */
export function buildServer(outdir?: string): Promise<void>;
