import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleForNode } from './bundle-for-node.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs `program`, an ES module (TypeScript, imports from the project's root, compiled by
 * bundleForNode), in a process of its own whose standard output is a real pipe into `reader`, a
 * shell command (`cat`, or one that starts reading late or stops early). Returns what the reader
 * printed and what either process wrote to stderr.
 */
export function runThroughPipe(
  program: string,
  reader: string,
): { output: string; stderr: string } {
  const compiled = bundleForNode({ program });
  try {
    const run = spawnSync('sh', ['-c', `"$NODE" "$PROGRAM" | ${reader}`], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE: process.execPath, PROGRAM: compiled.file },
    });
    return { output: run.stdout, stderr: run.stderr };
  } finally {
    compiled.remove();
  }
}
