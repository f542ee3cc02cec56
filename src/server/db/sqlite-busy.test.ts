import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { busyPauseMs } from './sqlite-busy.js';
import { isSqliteBusy, openSqliteFile } from './sqlite-file.js';

const require = createRequire(import.meta.url);

describe('SQLite busy handling', () => {
  it("knows the driver's busy answer from its other errors", () => {
    const dir = mkdtempSync(join(tmpdir(), 'highstreet-busy-'));
    const errorOf = (work: () => void): unknown => {
      try {
        work();
      } catch (error) {
        return error;
      }
      throw new Error('expected an error');
    };
    const holder = openSqliteFile(join(dir, 'busy.sqlite'));
    const other = openSqliteFile(join(dir, 'busy.sqlite'));
    try {
      holder.exec('create table t (id integer primary key); insert into t values (1)');
      holder.exec('begin immediate');
      expect(isSqliteBusy(errorOf(() => other.exec('begin immediate')))).toBe(true);
      holder.exec('rollback');
      expect(isSqliteBusy(errorOf(() => other.exec('insert into t values (1)')))).toBe(false);
      expect(isSqliteBusy(new Error('database is locked'))).toBe(false);
      expect(isSqliteBusy(null)).toBe(false);
    } finally {
      holder.close();
      other.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pauses 10, 20, 40, 80, then 100 ms between tries, give or take a quarter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 9].map((n) => busyPauseMs(n, middle))).toEqual([
      10, 20, 40, 80, 100, 100,
    ]);
    expect(busyPauseMs(4, () => 0)).toBe(75);
    expect(busyPauseMs(4, () => 0.999)).toBeLessThanOrEqual(125);
  });
});

describe('opening a fresh SQLite file another process is writing', () => {
  it('waits for the other process instead of failing with "database is locked"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'highstreet-wal-'));
    try {
      const file = join(dir, 'fresh.sqlite');
      // Another process writes the fresh file first (in its default rollback mode), for 300 ms.
      // Switching to WAL reads page 1 and must then write it: SQLite refuses a reader's upgrade
      // at once, without the busy handler, which is what two `npm run migrate` at once met.
      const writer = spawn(
        process.execPath,
        [
          '-e',
          `const { DatabaseSync } = require(${JSON.stringify(require.resolve('@photostructure/sqlite'))});
           const db = new DatabaseSync(${JSON.stringify(file)});
           db.exec('BEGIN IMMEDIATE; CREATE TABLE first_writer (x)');
           console.log('holding');
           setTimeout(() => { db.exec('COMMIT'); db.close(); }, 300);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise((resolve) => writer.on('exit', resolve));
      await new Promise<void>((resolve) => writer.stdout.once('data', () => resolve()));

      const handle = openDatabase({ kind: 'sqlite', file });
      try {
        const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
        expect(mode.rows[0]?.journal_mode).toBe('wal');
        const tables = await sql<{ name: string }>`select name from sqlite_master`.execute(
          handle.db,
        );
        expect(tables.rows.map((r) => r.name)).toContain('first_writer');
      } finally {
        await handle.close();
      }
      expect(await exited).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
