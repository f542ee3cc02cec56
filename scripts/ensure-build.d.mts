/** Builds what is missing or stale (scripts/ensure-build.mjs); the names of the builds made. */
export function ensureBuild(): Promise<string[]>;
/** Compiles the server when missing or stale; whether it did. */
export function ensureServerBuild(): Promise<boolean>;
