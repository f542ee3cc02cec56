/** Where the gathered lines go: standard output (descriptor-writer.ts) or anything that writes text. */
export interface LogSink {
  write(text: string): boolean;
  flushSync(): void;
  flush?(callback?: (error?: Error) => void): void;
}

export interface BatchedLogDestination {
  write(line: string): boolean;
  /** Hands every gathered line to the sink and writes them out before returning. */
  flushSync(): void;
  flush(callback?: (error?: Error) => void): void;
}

/**
 * Log lines gathered in an array and handed to the sink as one text once a batch is full, or at
 * the latest `flushMs` after its first line (docs/decisions/0022-logging.md).
 *
 * sonic-boom batches too (its `minLength`), but it appends each line to one growing string and
 * measures that whole string's byte length on every write: with 12 KB batches every request line
 * copied and scanned some 6 KB on average, a tenth of what a cached page's answer cost. Here a
 * line costs an array push; the join and the sink's write come once per batch.
 */
export function createBatchedLogDestination(
  sink: LogSink,
  { batchLength = 12 * 1024, flushMs = 250 }: { batchLength?: number; flushMs?: number } = {},
): BatchedLogDestination {
  let lines: string[] = [];
  /** In UTF-16 code units, which is bytes for the ASCII lines a log is made of, near enough. */
  let gathered = 0;
  let timer: NodeJS.Timeout | undefined;

  const handOver = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (lines.length === 0) return;
    const text = lines.length === 1 ? lines[0]! : lines.join('');
    lines = [];
    gathered = 0;
    sink.write(text);
  };

  return {
    write(line) {
      lines.push(line);
      gathered += line.length;
      if (gathered >= batchLength) handOver();
      // A quiet server's lines still appear promptly to a person watching; unref'd, so a
      // pending flush never keeps the process alive (the exit flush below writes them).
      else if (timer === undefined) timer = setTimeout(handOver, flushMs).unref();
      return true;
    },
    flushSync() {
      handOver();
      sink.flushSync();
    },
    flush(callback) {
      handOver();
      if (sink.flush) sink.flush(callback);
      else callback?.();
    },
  };
}
