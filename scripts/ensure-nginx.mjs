// The cluster test (npm run test:cluster) runs Debian's nginx and its own redis-server as child
// processes. Install them when missing (as root, like ensure-chromium.mjs), or say exactly how.
// Only the binaries are used: the test never starts, stops or configures the system services
// (Docker images deny service starts during apt-get through /usr/sbin/policy-rc.d anyway).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The programs the cluster test needs, and the Debian package of each. */
export const clusterTools = [
  { path: process.env.NGINX_PATH ?? '/usr/sbin/nginx', aptPackage: 'nginx' },
  { path: process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server', aptPackage: 'redis-server' },
];

export function ensureClusterTools() {
  const missing = clusterTools.filter((tool) => !existsSync(tool.path));
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.map((tool) => tool.aptPackage).join(' ')}`;
  const names = missing.map((tool) => tool.path).join(' and ');
  if (process.getuid?.() !== 0) {
    console.error(`${names} missing. Install with:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`${names} missing: running "${command}"…`);
  execSync(command, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const still = missing.filter((tool) => !existsSync(tool.path));
  if (still.length > 0) {
    console.error(`Still missing after install: ${still.map((tool) => tool.path).join(', ')}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureClusterTools();
