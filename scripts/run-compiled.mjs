// `npm run owner|content|outbox|retention|customers|migrate|client|demo`: the command-line tools run as compiled JavaScript
// (dist/server/NAME.js), as in production, where devDependencies such as tsx are not installed.
// Compiles the server first when it is missing or stale (only possible with devDependencies).
// Usage: node scripts/run-compiled.mjs NAME [args…]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './build-inputs.mjs';
import { serverEntryPoints } from './build-server.mjs';
import { ensureServerBuild } from './ensure-build.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in serverEntryPoints)) {
  console.error(
    `Usage: node scripts/run-compiled.mjs ${Object.keys(serverEntryPoints).join('|')} [args…]`,
  );
  process.exit(2);
}
await ensureServerBuild();
const run = spawnSync(process.execPath, [join(root, 'dist', 'server', `${name}.js`), ...args], {
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
