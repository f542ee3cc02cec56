import { DatabaseSync, type StatementSyncInstance } from '@photostructure/sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * SQLite through `@photostructure/sqlite`: Node's own `node:sqlite` API (DatabaseSync,
 * StatementSync) for Node 20 and later, shipped as Node-API binaries inside the npm package, so
 * nothing is compiled at install and one binary serves every Node version (decision 0090). Once
 * the oldest Node we support has `node:sqlite` itself, only the import changes.
 */
export type SqliteFile = InstanceType<typeof DatabaseSync>;

/** Opens (creating if need be) a SQLite file; `timeoutMs` is its busy time-out. */
export function openSqliteFile(file: string, options: { timeoutMs?: number } = {}): SqliteFile {
  return new DatabaseSync(file, { timeout: Math.floor(options.timeoutMs ?? 0) });
}

/** The value of a one-value pragma (`busy_timeout`, `journal_mode`). */
export function readPragma(sqlite: SqliteFile, name: string): unknown {
  const row = sqlite.prepare(`pragma ${name}`).get() as Record<string, unknown> | undefined;
  return row === undefined ? undefined : Object.values(row)[0];
}

/** SQLite's answer, by its primary result code's name (`SQLITE_BUSY`), or undefined for others. */
export function sqliteResultCode(error: unknown): string | undefined {
  const name = (error as { sqliteCodeName?: unknown } | null)?.sqliteCodeName;
  return typeof name === 'string' ? name : undefined;
}

/** The file is locked by another connection's write (busy, or locked within this one). */
export function isSqliteBusy(error: unknown): boolean {
  const code = sqliteResultCode(error);
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Kysely's SQLite driver, over `node:sqlite`'s API. Kysely prepares a statement for every query
 * and SQLite compiles SQL on every prepare: for a small indexed read that was half of the query's
 * time. Kysely passes values as parameters, so the same few SQL texts come back again and again
 * and their statements are reused (one statement runs at a time, and we never stream rows).
 */
export function asKyselyDatabase(sqlite: SqliteFile, limit = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        // Lists of ids make a new text per length; a full cache starts again rather than grow.
        if (statements.size >= limit) statements.clear();
        statement = asKyselyStatement(sqlite.prepare(sql));
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Kysely passes its parameters as one array; `node:sqlite` takes them one by one. */
function asKyselyStatement(statement: StatementSyncInstance): SqliteStatement {
  return {
    // A statement that returns rows (a SELECT, or a write with RETURNING) has result columns.
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...parameters),
    run: (parameters) => {
      const { changes, lastInsertRowid } = statement.run(...parameters);
      return { changes, lastInsertRowid };
    },
    iterate: (parameters) => statement.iterate(...parameters),
  };
}
