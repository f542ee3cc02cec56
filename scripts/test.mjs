// `npm test`: types, lint and format, and the production build; then the unit and integration
// tests (SQLite and PostgreSQL) on the machine's Node and on Node 24 at once, the cluster test
// after the first; then the browser tests in Debian's Chromium on the compiled server. Stops at the
// first failing group. The lanes of a group run at once, each lane its steps in turn (decision
// 0053). Output of a lane that shares its group is printed whole as each step ends.
import { spawn } from 'node:child_process';

/** Groups of lanes of steps: [name, command, args]. */
const groups = [
  [
    // TypeScript 7, the native compiler: 10 CPU-s against 34 for 5.9 (decision 0086).
    [['Type check', 'npm', ['run', 'typecheck']]],
    [['Lint', 'npx', ['eslint', '.']]],
    [['Import cycles and boundaries', 'node', ['scripts/check-imports.mjs']]],
    [['Format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']]],
    // Node 24 from the npm registry for the tests on it below (cached outside the checkout).
    [['Node 24', 'node', ['scripts/test-on-node.mjs', '24', '--prepare']]],
    [
      ['Chromium', 'node', ['scripts/ensure-chromium.mjs']],
      // Client bundle, prerender bundle, bundle budgets and the compiled server (the browser,
      // cluster and process-starting tests run what it builds, as `npm start` does). Here rather
      // than alone: the checks beside it read the sources only, and it leaves dist/ ready for
      // every test that runs it.
      ['Build', 'npm', ['run', 'build']],
    ],
  ],
  // The two vitest runs together (the cluster test after the first), then the browser tests. With
  // the browser tests beside the vitest runs, on a machine slower under load every lane took two
  // to four times as long as alone, the browser tests' own CPU doubled (pages animate and servers
  // and workers poll for as long as a test waits), and timing-bound tests failed at random
  // (decision 0053, 2026-11-27, 21:30–).
  [
    [
      ['Unit and integration tests', 'npx', ['vitest', 'run']],
      // The compiled server as processes: three instances behind nginx on one PostgreSQL and one
      // Redis of their own, and memory under distinct hosts (tests/cluster/; installs nginx and
      // redis-server with apt when missing). It mostly waits on its instances, so it runs on the
      // core the run above leaves while Node 24's one worker goes on, not beside the browser tests.
      ['Cluster test', 'npm', ['run', 'test:cluster']],
    ],
    // The unit and integration tests again on Node 24 LTS (scripts/test-on-node.mjs). One
    // worker: the run on the machine's Node has two.
    [
      [
        'Unit and integration tests on Node 24',
        'node',
        ['scripts/test-on-node.mjs', '24', '--maxWorkers=1'],
      ],
    ],
  ],
  [
    // Two workers: three took 772 s, the other lanes slowing more than the browser tests gained.
    [['Browser tests', 'npx', ['playwright', 'test']]],
  ],
];

/** Failed steps of shared groups, whose output is printed again at the very end. */
const failures = [];

/** Runs one step; alone in its group it prints as it goes, else its output is kept until it ends. */
function runStep([name, command, args], alone) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (!alone) {
        console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
        process.stdout.write(Buffer.concat(output));
      }
      const passed = code === 0;
      if (!passed && !alone) failures.push({ name, output: Buffer.concat(output).toString() });
      console[passed ? 'log' : 'error'](
        `=== ${name} ${passed ? 'passed' : 'FAILED'} in ${seconds} s${signal ? ` (${signal})` : ''}`,
      );
      resolve(passed ? 0 : (code ?? 1));
    });
  });
}

/** A lane's steps one after the other; the first failure ends the lane. */
async function runLane(steps, alone) {
  for (const step of steps) {
    const code = await runStep(step, alone);
    if (code !== 0) return code;
  }
  return 0;
}

const suiteStarted = Date.now();
for (const group of groups) {
  const codes = await Promise.all(group.map((lane) => runLane(lane, group.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    // A lane that failed early scrolled away while the others went on: its end comes last, where
    // a reader of a CI log (often shown only its tail) looks first.
    for (const failure of failures) {
      const lastLines = failure.output.trimEnd().split('\n').slice(-120).join('\n');
      console.error(`\n=== ${failure.name} FAILED; the end of its output again:\n${lastLines}`);
    }
    process.exit(failed);
  }
}
console.log(`\n=== Every step passed in ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`);
