// The instances run as `npm start` runs them: the compiled server and the built web app, made
// here when their sources changed (a hash check when nothing did). nginx and redis-server are
// installed by scripts/ensure-nginx.mjs, which `npm run test:cluster` runs first.
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { ensureClusterTools } from '../../scripts/ensure-nginx.mjs';

export default async function setup(): Promise<void> {
  ensureClusterTools();
  await ensureBuild();
}
