import { describe, expect, it } from 'vitest';
import { createBatchedLogDestination, type LogSink } from './batched-log-destination.js';

/** A sink that keeps what it was handed, in order, and counts its synchronous flushes. */
function recordingSink(): LogSink & { texts: string[]; syncFlushes: number } {
  const sink = {
    texts: [] as string[],
    syncFlushes: 0,
    write(text: string) {
      sink.texts.push(text);
      return true;
    },
    flushSync() {
      sink.syncFlushes++;
    },
  };
  return sink;
}

const line = (n: number) => `{"n":${n},"msg":"answered"}\n`;

describe('batched log destination', () => {
  it('hands lines over as one text once a batch is full, in the order they came', () => {
    const sink = recordingSink();
    const destination = createBatchedLogDestination(sink, { batchLength: 100, flushMs: 60_000 });
    for (let n = 0; n < 10; n++) destination.write(line(n));
    // 10 lines of 25-26 characters: full at the fourth, the eighth; two lines still gathered.
    expect(sink.texts).toEqual([
      line(0) + line(1) + line(2) + line(3),
      line(4) + line(5) + line(6) + line(7),
    ]);
    destination.flushSync();
    expect(sink.texts.at(-1)).toBe(line(8) + line(9));
    expect(sink.syncFlushes).toBe(1);
  });

  it('writes a part-filled batch within flushMs, so a quiet server still shows its lines', async () => {
    const sink = recordingSink();
    const destination = createBatchedLogDestination(sink, { batchLength: 10_000, flushMs: 20 });
    destination.write(line(1));
    destination.write(line(2));
    expect(sink.texts).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sink.texts).toEqual([line(1) + line(2)]);
    // A later line starts a new wait of its own.
    destination.write(line(3));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sink.texts).toEqual([line(1) + line(2), line(3)]);
  });

  it('hands nothing over when nothing is gathered, and flush() reports back', async () => {
    const sink = recordingSink();
    const destination = createBatchedLogDestination(sink);
    destination.flushSync();
    await new Promise<void>((resolve) => destination.flush(() => resolve()));
    expect(sink.texts).toEqual([]);
    destination.write(line(1));
    await new Promise<void>((resolve) => destination.flush(() => resolve()));
    expect(sink.texts).toEqual([line(1)]);
  });
});
