// `npm test`: types, lint and format; unit and integration tests (SQLite and PostgreSQL);
// the production build; the cluster test; browser tests in Debian's Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['eslint', '.']],
  ['Import cycles and boundaries', 'node', ['scripts/check-imports.mjs']],
  ['Format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']],
  ['Unit and integration tests', 'npx', ['vitest', 'run']],
  ['Unit and integration tests on Node 24', 'node', ['scripts/test-on-node.mjs', '24']],
  ['Chromium', 'node', ['scripts/ensure-chromium.mjs']],
  // Client bundle, prerender bundle and the bundle budgets (package.json "build").
  ['Build', 'npm', ['run', 'build']],
  // Three instances behind nginx on one PostgreSQL and one Redis (tests/cluster/; installs nginx
  // and redis-server with apt when missing).
  ['Cluster test', 'npm', ['run', 'test:cluster']],
  ['Browser tests', 'npx', ['playwright', 'test']],
];

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${name} FAILED after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds} s`);
}
