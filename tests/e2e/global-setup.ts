// The browser tests run what `npm start` runs: the built web app and the compiled server, made
// here once per run when their sources changed (a hash check when nothing did).
import { ensureBuild } from '../../scripts/ensure-build.mjs';

export default async function setup(): Promise<void> {
  const built = await ensureBuild();
  if (built.length > 0) console.log(`Built for the browser tests: ${built.join(', ')}`);
}
