import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs `program`, an ES module (TypeScript through tsx, imports from the project's root), in a
 * process of its own whose standard output is a real pipe into `reader`, a shell command (`cat`,
 * or one that starts reading late or stops early). Returns what the reader printed and what
 * either process wrote to stderr.
 */
export function runThroughPipe(
  program: string,
  reader: string,
): { output: string; stderr: string } {
  const run = spawnSync(
    'sh',
    ['-c', `"$NODE" --import tsx --input-type=module -e "$PROGRAM" | ${reader}`],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE: process.execPath, PROGRAM: program },
    },
  );
  return { output: run.stdout, stderr: run.stderr };
}
