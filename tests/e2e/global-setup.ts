// The browser tests run what `npm start` runs: the built web app and the compiled server, made
// here once per run when their sources changed (a hash check when nothing did).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { mediaTemplateVariable, startSiteServer } from './fixtures';

export default async function setup(): Promise<() => void> {
  const built = await ensureBuild();
  if (built.length > 0) console.log(`Built for the browser tests: ${built.join(', ')}`);

  // One start of the compiled server on an empty data folder draws the seed's placeholder
  // pictures, about four fifths of a start's time; every test server after it starts from a
  // copy of that media folder instead of drawing them again (startSiteServer).
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-e2e-media-'));
  const port = Number(process.env.E2E_PORT_BASE ?? 4400) + 99;
  const server = await startSiteServer(port, {
    DATA_DIR: dataDir,
    SQLITE_FILE: join(dataDir, 'highstreet.sqlite'),
  });
  await server.stop();
  process.env[mediaTemplateVariable] = join(dataDir, 'media');
  return () => rmSync(dataDir, { recursive: true, force: true });
}
