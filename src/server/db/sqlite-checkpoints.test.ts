import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database';
import { startBackgroundCheckpoints, type CheckpointResult } from './sqlite-checkpoints';

describe('SQLite checkpoints in a worker thread', () => {
  let folder: string;
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const open = async () => {
    folder = mkdtempSync(join(tmpdir(), 'highstreet-checkpoints-'));
    const file = join(folder, 'site.sqlite');
    handle = openDatabase({ kind: 'sqlite', file });
    await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(handle.db);
    return { db: handle.db, file };
  };
  const writeRows = async (db: DatabaseHandle['db'], count: number) => {
    for (let i = 0; i < count; i++) {
      await sql`INSERT INTO notes (body) VALUES (${'x'.repeat(2000)})`.execute(db);
    }
  };

  it('leaves the server connection without automatic checkpoints, and copies the WAL in the background', async () => {
    const { db, file } = await open();
    const results: CheckpointResult[] = [];
    const checkpoints = await startBackgroundCheckpoints(db, file, {
      intervalMs: 50,
      onCheckpoint: (result) => results.push(result),
    });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(
        db,
      );
      expect(rows[0]?.wal_autocheckpoint).toBe(0);
      // Well past the 1,000 pages at which the connection itself would have checkpointed.
      await writeRows(db, 3000);
      await expect
        .poll(() => results.some((r) => r.log > 1000 && r.checkpointed === r.log), {
          timeout: 10_000,
        })
        .toBe(true);
    } finally {
      await checkpoints.stop();
    }
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM notes`.execute(db);
    expect(rows[0]?.n).toBe(3000);
  });

  it('without the worker, the WAL is never copied into the database file by the server connection', async () => {
    const { db, file } = await open();
    const checkpoints = await startBackgroundCheckpoints(db, file, { intervalMs: 60_000 });
    await checkpoints.stop();
    const sizeBefore = statSync(file).size;
    await writeRows(db, 1500);
    // All 1,500 rows (some 3 MB) are still only in the WAL: the database file did not grow.
    expect(statSync(file).size).toBe(sizeBefore);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(3_000_000);
  });
});
