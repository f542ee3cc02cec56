// `npm start`: the production build (client bundle, prerender bundle, bundle budget: `npm run
// build`) and the compiled server, each rebuilt only when its inputs changed (a hash of them is
// kept in dist/build-inputs.json), then the server as JavaScript: `node dist/server/main.js`,
// which migrates, seeds and draws placeholder pictures on its own (docs/decisions/first-command.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inputsHash, isStale, root, writeStamp } from './build-inputs.mjs';

const started = performance.now();

/** The build tools are devDependencies: say what to do when they were left out. */
function requireBuildTools(what) {
  if (
    existsSync(join(root, 'node_modules', 'vite')) &&
    existsSync(join(root, 'node_modules', 'esbuild'))
  )
    return;
  console.error(
    `Highstreet needs to build ${what}, but the build tools (devDependencies) are not installed.\n` +
      'Run "npm install" (with dev dependencies), or start from a copy where "npm start" or\n' +
      '"npm run build && node scripts/build-server.mjs" has already built dist/.',
  );
  process.exit(1);
}

const webHash = inputsHash('web');
if (isStale('web', webHash)) {
  requireBuildTools('the web app');
  console.log('Building the web app (client, prerender bundle, bundle budget)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeStamp('web', webHash);
}

const serverHash = inputsHash('server');
if (isStale('server', serverHash)) {
  requireBuildTools('the server');
  console.log('Compiling the server…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
  writeStamp('server', serverHash);
}

if (process.env.START_TIMING === 'on') {
  console.log(`Build check done in ${Math.round(performance.now() - started)} ms`);
}

const server = spawn(process.execPath, [join(root, 'dist', 'server', 'main.js')], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
