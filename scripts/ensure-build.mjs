// The production build, made only where its inputs changed (`npm start`, `npm run bench`, the
// tests of what ships): the web app (`npm run build:web`: client, prerender bundle, bundle budget) and the compiled server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inputsHash, isStale, root, writeStamp } from './build-inputs.mjs';

/** The build tools are devDependencies: say what to do when they were left out. */
function requireBuildTools(what) {
  const installed = ['vite', 'esbuild'].every((name) =>
    existsSync(join(root, 'node_modules', name)),
  );
  if (installed) return;
  console.error(
    `Highstreet needs to build ${what}, but the build tools (devDependencies) are not installed.\n` +
      'Run "npm install" (with dev dependencies), or start from a copy where "npm start" or\n' +
      '"npm run build && npm run build:server" has already built dist/.',
  );
  process.exit(1);
}

/** Builds what is missing or stale; returns the names of the builds it made. */
export async function ensureBuild() {
  const built = [];
  const webHash = inputsHash('web');
  if (isStale('web', webHash)) {
    requireBuildTools('the web app');
    console.log('Building the web app (client, prerender bundle, bundle budget)…');
    // Always the production build, whoever asks: under vitest NODE_ENV is "test", and Vite would
    // then build React's development runtime (a 150 KB first load, not what `npm start` serves).
    const build = spawnSync('npm', ['run', 'build:web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
    writeStamp('web', webHash);
    built.push('web');
  }
  if (await ensureServerBuild()) built.push('server');
  return built;
}

/** Compiles the server when it is missing or stale (the command-line tools need no web app). */
export async function ensureServerBuild() {
  const serverHash = inputsHash('server');
  if (!isStale('server', serverHash)) return false;
  requireBuildTools('the server');
  console.error('Compiling the server…');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
  writeStamp('server', serverHash);
  return true;
}
