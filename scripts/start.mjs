// `npm start`: the production build (client bundle, prerender bundle, bundle budget: `npm run
// build`) and the compiled server, each rebuilt only when its inputs changed (a hash of them is
// kept in dist/build-inputs.json), then the server as JavaScript: `node dist/server/main.js`,
// which with SQLite runs the release step itself (migrations, the seed when it changed, missing
// placeholder pictures; docs/decisions/0036-release-step.md, docs/decisions/0021-first-command.md).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from './build-inputs.mjs';
import { ensureBuild } from './ensure-build.mjs';
import { mallocSettings } from './malloc-settings.mjs';

const started = performance.now();
await ensureBuild();
if (process.env.START_TIMING === 'on') {
  console.log(`Build check done in ${Math.round(performance.now() - started)} ms`);
}

// Arguments after `npm start --` reach the server (`npm start -- --check-config`).
const server = spawn(
  process.execPath,
  [join(root, 'dist', 'server', 'main.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...mallocSettings, ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
