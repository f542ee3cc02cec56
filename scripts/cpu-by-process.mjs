// Runs a command and prints the CPU seconds (user + system) its process tree used, by kind of
// process: `node scripts/cpu-by-process.mjs npx playwright test tests/e2e/x.spec.ts`. Linux only.
// `/usr/bin/time` counts only processes reaped up the tree, and Chromium's renderers are not when
// the browser is killed at the end of a run; this reads /proc every 0.3 s instead and keeps each
// process's last reading (docs/decisions/0053-test-suite-time.md). The command's output goes to
// cpu-by-process.log in the system's temporary folder.
import { spawn } from 'node:child_process';
import { openSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/cpu-by-process.mjs <command> [arguments…]');
  process.exit(2);
}
const ticksPerSecond = 100;
const logFile = join(tmpdir(), 'cpu-by-process.log');
const log = openSync(logFile, 'w');
const child = spawn(command, args, { stdio: ['ignore', log, log] });

/** What a process is, from its command line; undefined while it has none to read (a zombie). */
function kindOf(commandLine) {
  if (commandLine === '') return undefined;
  if (/chrom/.test(commandLine.split('\0')[0] ?? '')) {
    const type = /--type=([a-z-]+)/.exec(commandLine)?.[1] ?? 'browser process';
    const service = /--utility-sub-type=[\w.]*?(\w+)(?:\0| |$)/.exec(commandLine)?.[1];
    return `Chromium ${type}${service ? ` (${service})` : ''}`;
  }
  const words = commandLine.split('\0').join(' ');
  if (words.includes('dist/server/main')) return 'site server';
  if (words.includes('owner-cli')) return 'owner CLI';
  if (words.includes('workerProcessEntry')) return 'Playwright workers';
  return words.slice(0, 70);
}

/** pid → [kind, CPU ticks at its last reading]. */
const seen = new Map();
function sample() {
  const parents = new Map();
  const ticks = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // gone between the listing and the read
    }
  }
  const tree = new Set([child.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents)
      if (tree.has(parent) && !tree.has(pid)) grew = tree.add(pid) !== undefined;
  }
  for (const pid of tree) {
    if (!ticks.has(pid)) continue;
    let kind;
    try {
      kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
    } catch {
      kind = undefined;
    }
    // A zygote's child shows the zygote's command line until it becomes what it is.
    const previous = seen.get(pid)?.[0];
    seen.set(pid, [
      kind && kind !== 'Chromium zygote' ? kind : (previous ?? kind ?? '?'),
      ticks.get(pid),
    ]);
  }
}

const timer = setInterval(sample, 300);
child.on('exit', (code) => {
  clearInterval(timer);
  const byKind = new Map();
  const processes = new Map();
  for (const [kind, used] of seen.values()) {
    byKind.set(kind, (byKind.get(kind) ?? 0) + used);
    processes.set(kind, (processes.get(kind) ?? 0) + 1);
  }
  const rows = [...byKind].sort((a, b) => b[1] - a[1]);
  for (const [kind, used] of rows) {
    const count = processes.get(kind);
    const many = count > 1 ? ` (${count} processes)` : '';
    console.log(`${(used / ticksPerSecond).toFixed(1).padStart(8)}  ${kind}${many}`);
  }
  const total = rows.reduce((sum, [, used]) => sum + used, 0);
  console.log(`${(total / ticksPerSecond).toFixed(1).padStart(8)}  in all (output: ${logFile})`);
  process.exit(code ?? 1);
});
