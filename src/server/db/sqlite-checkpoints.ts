import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * WAL checkpoints in a worker thread instead of in the request that happens to commit the
 * thousandth page. SQLite's calls are synchronous, and SQLite's automatic checkpoint copies the
 * WAL into the database file and syncs it inside that commit: the whole event loop stood still
 * for it (bookings/create p99 1.4 s in the benchmark, every other request waiting too). Here the
 * server's connection never checkpoints (`wal_autocheckpoint = 0`); a second connection in a
 * worker runs PASSIVE checkpoints, which never wait for or block the writer, every `intervalMs`
 * (docs/decisions/0040-sqlite-checkpoints.md).
 */
export interface BackgroundCheckpoints {
  /** Runs a last checkpoint and stops the worker. */
  stop(): Promise<void>;
}

/** The worker's code: plain CommonJS, so the compiled server needs no separate file for it. */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require(workerData.driverPath);
const db = new DatabaseSync(workerData.file);
const checkpoint = () => {
  try {
    const result = db.prepare('pragma wal_checkpoint(PASSIVE)').get();
    parentPort.postMessage({ checkpointed: { ...result } });
  } catch (error) {
    parentPort.postMessage({ warning: String(error && error.message || error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export interface BackgroundCheckpointOptions {
  intervalMs?: number;
  warn?: (message: string) => void;
  /** Each checkpoint's outcome (tests). */
  onCheckpoint?: (result: CheckpointResult) => void;
}

export async function startBackgroundCheckpoints(
  db: Kysely<Database>,
  file: string,
  { intervalMs = 1000, warn = console.warn, onCheckpoint }: BackgroundCheckpointOptions = {},
): Promise<BackgroundCheckpoints> {
  await sql`PRAGMA wal_autocheckpoint = 0`.execute(db);
  // After a checkpoint has emptied the WAL, the next writer starts it again from the top; this
  // caps the file that then stays on disk.
  await sql`PRAGMA journal_size_limit = 67108864`.execute(db);
  const driverPath = createRequire(import.meta.url).resolve('@photostructure/sqlite');
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: { driverPath, file, intervalMs },
  });
  worker.unref();
  worker.on('message', (message: { checkpointed?: CheckpointResult; warning?: string }) => {
    if (message.warning) warn(`SQLite checkpoint: ${message.warning}`);
    if (message.checkpointed) onCheckpoint?.(message.checkpointed);
  });
  worker.on('error', (error) => warn(`SQLite checkpoint worker stopped: ${error.message}`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
