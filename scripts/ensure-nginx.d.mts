/** The programs the cluster test needs (scripts/ensure-nginx.mjs). */
export const clusterTools: Array<{ path: string; aptPackage: string }>;
/** Installs nginx and redis-server with apt when missing (as root), or exits saying how. */
export function ensureClusterTools(): void;
