import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runThroughPipe } from '../../tests/support/run-through-pipe.js';
import { createDescriptorWriter } from './descriptor-writer.js';

const batch = (n: number) => `${`batch ${n} `.padEnd(12 * 1024 - 1, '.')}\n`;

/**
 * Runs `script` (with `createDescriptorWriter` and `batch` at hand) in a process whose standard
 * output is a pipe into `reader`; returns the reader's output and the stderr lines of both.
 */
function writeThroughPipe(script: string, reader: string) {
  const { output, stderr } = runThroughPipe(
    `import { createDescriptorWriter } from './src/server/descriptor-writer.ts';
     const batch = ${batch.toString()};
     ${script}`,
    reader,
  );
  return { output, messages: stderr.split('\n').filter(Boolean) };
}

describe('descriptor writer', () => {
  it('writes each batch to the descriptor at once, in order', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'descriptor-writer-')), 'log');
    const descriptor = openSync(file, 'w');
    const writer = createDescriptorWriter(descriptor);
    writer.write('one\n');
    writer.write('caf\u00e9 \u{1F6C1}\n');
    expect(readFileSync(file, 'utf8')).toBe('one\ncaf\u00e9 \u{1F6C1}\n');
    let flushed = false;
    writer.flush?.(() => (flushed = true));
    expect(flushed).toBe(true);
    closeSync(descriptor);
  });

  it('keeps a full pipe’s batches waiting without holding the event loop, then writes them in order', () => {
    // The pipe holds 64 KB; 40 batches are 480 KB. The reader starts only once the writer has
    // handed them all over (a marker file; a fixed sleep lost the race on a loaded machine).
    const marker = join(mkdtempSync(join(tmpdir(), 'descriptor-writer-')), 'handed-over');
    const { output, messages } = writeThroughPipe(
      `process.stdout; // Node makes the pipe non-blocking, as the server's banner does
       const writer = createDescriptorWriter(1, { retryMs: 5 });
       for (let n = 0; n < 40; n++) writer.write(batch(n));
       console.error('handed over');
       (await import('node:fs')).writeFileSync(${JSON.stringify(marker)}, '');
       writer.flush(() => console.error('flushed'));`,
      `{ until [ -e '${marker}' ]; do sleep 0.05; done; sleep 0.2; echo 'reading' >&2; cat; }`,
    );
    expect(messages).toEqual(['handed over', 'reading', 'flushed']);
    expect(output).toBe(Array.from({ length: 40 }, (_, n) => batch(n)).join(''));
  });

  it('writes what still waits when the process exits', () => {
    const { output, messages } = writeThroughPipe(
      `process.stdout;
       const writer = createDescriptorWriter(1);
       for (let n = 0; n < 40; n++) writer.write(batch(n));
       process.on('exit', () => writer.flushSync());
       process.exit(0);`,
      `{ sleep 0.5; cat; }`,
    );
    expect(messages).toEqual([]);
    expect(output).toBe(Array.from({ length: 40 }, (_, n) => batch(n)).join(''));
  });

  it('stops quietly when nobody reads any more', () => {
    const { output, messages } = writeThroughPipe(
      `process.stdout;
       const writer = createDescriptorWriter(1, { onError: (error) => console.error(error.message) });
       for (let n = 0; n < 40; n++) writer.write(batch(n));
       setTimeout(() => {
         for (let n = 0; n < 40; n++) writer.write(batch(n));
         writer.flushSync();
         console.error('still running');
       }, 300);`,
      `head -c 5`,
    );
    expect(output).toBe('batch');
    expect(messages).toEqual(['still running']);
  });
});
