import { describe, expect, it } from 'vitest';
import { runThroughPipe } from '../../tests/support/run-through-pipe.js';

/**
 * Runs the production logger in a process of its own, writing to a real pipe: `lines` request
 * lines (one with text outside ASCII), then `ending` (nothing: the loop runs dry; or an exit).
 * A slow reader starts reading half a second late, so the pipe fills; the process has used
 * `process.stdout` first, which makes Node switch the pipe to non-blocking, as the server's
 * start-up banner does.
 */
function logInAProcess(lines: number, ending: string, { slowReader = false } = {}): string[] {
  const script = `
    ${slowReader ? 'process.stdout;' : ''}
    import { createLogger } from './src/server/logger.ts';
    const logger = createLogger({ logLevel: 'info' });
    for (let n = 0; n < ${lines}; n++) {
      logger.info({ reqId: 'req-' + n, url: n === 7 ? '/caf\u00e9/\u{1F6C1}' : '/' }, 'answered');
    }
    ${ending}
  `;
  const run = runThroughPipe(script, slowReader ? '{ sleep 0.5; cat; }' : 'cat');
  expect(run.stderr).toBe('');
  return run.output.split('\n').filter(Boolean);
}

describe('production logger', () => {
  const endings = [
    ['the event loop runs dry', ''],
    ['the process exits at once', 'process.exit(0);'],
    ['the process exits after a quiet spell', 'setTimeout(() => process.exit(0), 50);'],
    // Work that takes libuv's four pool threads for a good part of a second: a write handed to
    // the pool would wait behind it and never happen before the exit.
    [
      'the thread pool is busy when the process exits',
      `const { pbkdf2 } = await import('node:crypto');
       for (let n = 0; n < 4; n++) pbkdf2('x', 'y', 5e5, 32, 'sha256', () => {});
       setTimeout(() => process.exit(0), 50);`,
    ],
  ];

  function expectEveryLine(written: string[], lines: number) {
    expect(written).toHaveLength(lines);
    const parsed = written.map((text) => JSON.parse(text) as { reqId: string; url: string });
    expect(parsed.map((entry) => entry.reqId)).toEqual(
      Array.from({ length: lines }, (_, n) => `req-${n}`),
    );
    expect(parsed[7]!.url).toBe('/caf\u00e9/\u{1F6C1}');
  }

  // 10 lines stay in one part-filled batch; 2,950 make many full batches and a part-filled one.
  it.each(endings)('writes every line, whole and in order, when %s', (_, ending) => {
    for (const lines of [10, 2950]) expectEveryLine(logInAProcess(lines, ending), lines);
  });

  // 2,950 lines are some 300 KB, several times what the pipe holds before its reader starts.
  it.each(endings)('writes every line to a full pipe read late, when %s', (_, ending) => {
    expectEveryLine(logInAProcess(2950, ending, { slowReader: true }), 2950);
  });
});
