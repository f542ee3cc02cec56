import { writeSync } from 'node:fs';
import type { LogSink } from './batched-log-destination.js';

export interface DescriptorWriterOptions {
  /** How long to wait before trying again when the descriptor is full (a slow reader). */
  retryMs?: number;
  /** How long the exit flush keeps trying a full descriptor before it gives up. */
  exitPatienceMs?: number;
  /** Told about a failed write other than a closed pipe; logging stops either way. */
  onError?: (error: Error) => void;
}

/**
 * Writes the log's batches to a file descriptor (standard output), in order, from the calling
 * thread (docs/decisions/0022-logging.md).
 *
 * A batch is one system call of about 12 KB for some hundred lines, so writing it here costs
 * what handing it to the thread pool did, and nothing is ever under way elsewhere: sonic-boom's
 * asynchronous write, started by the exit flush itself, was still in the thread pool when the
 * process ended, and its lines were lost. A pipe that Node has made non-blocking and that is
 * full (its reader is behind) answers EAGAIN or takes part of a batch: the rest waits, in order,
 * and is tried again every `retryMs` without holding the event loop. A blocking descriptor with a
 * stalled reader blocks, as pino's default synchronous destination does.
 */
export function createDescriptorWriter(
  descriptor: number,
  { retryMs = 20, exitPatienceMs = 10_000, onError = () => {} }: DescriptorWriterOptions = {},
): LogSink {
  /** Bytes handed over but not yet written, oldest first. */
  const waiting: Buffer[] = [];
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let flushed: ((error?: Error) => void)[] = [];

  /** Writes what waits until it is all written (true) or the descriptor is full (false). */
  const writeWaiting = (): boolean => {
    while (waiting.length > 0) {
      const head = waiting[0]!;
      let written: number;
      try {
        written = writeSync(descriptor, head);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return false;
        // Nobody reads the output any more (a closed pipe), or it cannot be written at all:
        // logging stops, the server goes on.
        stopped = true;
        waiting.length = 0;
        if ((error as NodeJS.ErrnoException).code !== 'EPIPE') onError(error as Error);
        return true;
      }
      if (written < head.length) waiting[0] = head.subarray(written);
      else waiting.shift();
    }
    return true;
  };

  const tryAgainLater = (): void => {
    retry = undefined;
    if (!writeWaiting()) {
      retry = setTimeout(tryAgainLater, retryMs);
      // A stalled reader never keeps the process alive (the exit flush tries once more), unless
      // someone waits for the flush.
      if (flushed.length === 0) retry.unref();
      return;
    }
    const callbacks = flushed;
    flushed = [];
    for (const callback of callbacks) callback();
  };

  return {
    write(text) {
      if (stopped) return true;
      waiting.push(Buffer.from(text));
      // While a retry is pending the descriptor is full: the new batch waits behind the others.
      if (retry === undefined && !writeWaiting()) {
        retry = setTimeout(tryAgainLater, retryMs).unref();
      }
      return true;
    },
    flushSync() {
      const giveUpAt = Date.now() + exitPatienceMs;
      while (!writeWaiting() && Date.now() < giveUpAt) pause(retryMs);
    },
    flush(callback) {
      if (retry === undefined) callback?.();
      else if (callback) {
        flushed.push(callback);
        retry.ref();
      }
    },
  };
}

const pauseCell = new Int32Array(new SharedArrayBuffer(4));

/** Sleeps the thread: only the exit flush, when the process has nothing else left to do. */
function pause(ms: number): void {
  Atomics.wait(pauseCell, 0, 0, ms);
}
