import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { DatabaseTimeouts } from '../config.js';
import type { Database } from './schema.js';
import { SearchPathPostgresDialect } from './search-path-introspector.js';
import { BusyRetryingSqliteDialect, switchToWal } from './sqlite-busy.js';
import { asKyselyDatabase, openSqliteFile } from './sqlite-file.js';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close: () => Promise<void>;
}

/** What node-postgres's pool tells of its connections (/metrics); SQLite has no pool. */
export interface ConnectionPoolState {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new WeakMap<Kysely<Database>, ConnectionPoolState>();

/** The PostgreSQL pool behind a database opened here; undefined for SQLite (one connection). */
export function connectionPoolOf(db: Kysely<Database>): ConnectionPoolState | undefined {
  return pools.get(db);
}

export type DatabaseTarget =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string | undefined };

export const defaultDatabaseTimeouts: DatabaseTimeouts = {
  connectMs: 3000,
  statementMs: 4000,
  sqliteBusyMs: 0,
  sqliteRetryMs: 1500,
};

export interface OpenOptions {
  timeouts?: DatabaseTimeouts | undefined;
  /** Where connection trouble is reported (a lost idle connection is not fatal). */
  warn?: ((message: string) => void) | undefined;
}

/**
 * Opens the database; SQLite runs in WAL mode so readers never wait for the one writer, with a
 * short busy time-out and asynchronous retries (sqlite-busy.ts). PostgreSQL gets connect and
 * statement time-outs, and a lost connection is logged and replaced rather than fatal
 * (docs/fault-probes.md).
 */
export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): DatabaseHandle {
  const timeouts = options.timeouts ?? defaultDatabaseTimeouts;
  const warn = options.warn ?? ((message: string) => console.warn(message));
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
    const sqlite = openSqliteFile(target.file, { timeoutMs: timeouts.sqliteBusyMs });
    // Start-up must not fail on a lock another process holds for a moment: wait here.
    switchToWal(sqlite, 5000);
    sqlite.exec('pragma foreign_keys = ON; pragma synchronous = NORMAL');
    const db = new Kysely<Database>({
      dialect: new BusyRetryingSqliteDialect(
        { database: asKyselyDatabase(sqlite) },
        { retryMs: timeouts.sqliteRetryMs },
      ),
    });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 10,
    // Waiting for a connection (a new one, or a free one from the pool) gives up after this.
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a statement after this; the client gives up a little later, for the
    // case where the server itself does not answer (frozen, network gone).
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + 500,
    idle_in_transaction_session_timeout: timeouts.statementMs * 2,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  // node-postgres emits 'error' for a connection that dies while idle in the pool (a restart,
  // pg_terminate_backend, a proxy's idle time-out); without a listener that kills the process.
  // The pool drops the connection and opens a new one when next needed.
  pool.on('error', (error) => warn(`PostgreSQL: an idle connection was lost (${error.message})`));
  // A connection checked out of the pool has no pool listener: errors between queries (inside a
  // transaction, say) must not be fatal either. The query in flight fails and is answered 503.
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      warn(`PostgreSQL: a connection in use was lost (${error.message})`),
    );
    dropConnectionOnQueryTimeout(client, warn);
  });
  const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
  pools.set(db, pool);
  return { db, kind: 'postgres', close: () => db.destroy() };
}

/**
 * node-postgres gives up waiting for an answer after query_timeout but keeps the connection,
 * with the unanswered query still at its head: every later query on it would wait behind it. A
 * connection whose server stopped answering is closed instead; the pool opens a fresh one.
 */
function dropConnectionOnQueryTimeout(client: pg.PoolClient, warn: (message: string) => void) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]): unknown => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && /Query read timeout/.test(error.message)) {
          warn('PostgreSQL: no answer within the query time-out, closing that connection');
          // `connection.stream` is node-postgres' socket; not in its types.
          (
            client as unknown as { connection?: { stream?: { destroy: () => void } } }
          ).connection?.stream?.destroy();
        }
      });
    }
    return result;
  };
  client.query = wrapped as typeof client.query;
}
