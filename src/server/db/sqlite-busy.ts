import {
  CompiledQuery,
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';
import { isSqliteBusy, readPragma, type SqliteFile } from './sqlite-file.js';
import { DatabaseUnavailableError } from './unavailable.js';

/**
 * SQLite's write lock, held by another process, without freezing this one.
 *
 * SQLite's calls are synchronous: with a long busy_timeout a blocked write stalls the whole event
 * loop (every request, /api/health included) until the lock is free, and ten writers retrying
 * one after another stalled it for seconds. So there is no busy_timeout (SQLITE_BUSY_TIMEOUT_MS,
 * default 0), and a statement that finds the database locked is tried
 * again after an asynchronous pause, with the connection's turn given up meanwhile so that other
 * requests (reads never need the lock in WAL mode) keep answering. After SQLITE_BUSY_RETRY_MS the
 * request is answered 503 with Retry-After. Inside a transaction a busy statement is not retried
 * (its snapshot may be stale; the caller rolls back): 503 at once.
 */
export interface BusyPolicy {
  /** How long in total to keep trying one statement, in milliseconds. */
  retryMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Puts the file in WAL mode, waiting up to `waitMs` for other processes. On a fresh file two
 * processes that open it at once both read page 1 (not yet WAL) and both try to write it; SQLite
 * answers the later one SQLITE_BUSY at once, without calling the busy handler (a reader
 * upgrading to a writer could otherwise deadlock). So a busy answer is tried again here after a
 * short pause; the other process has written the header by then. A synchronous pause, as
 * busy_timeout's own: this runs only where a server or a tool opens its database, never while a
 * request is answered.
 */
export function switchToWal(sqlite: SqliteFile, waitMs: number): void {
  const short = Number(readPragma(sqlite, 'busy_timeout'));
  const deadline = Date.now() + waitMs;
  sqlite.exec(`pragma busy_timeout = ${Math.floor(waitMs)}`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        sqlite.exec('pragma journal_mode = WAL');
        return;
      } catch (error) {
        if (!isSqliteBusy(error) || Date.now() >= deadline) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, busyPauseMs(attempt));
      }
    }
  } finally {
    sqlite.exec(`pragma busy_timeout = ${short}`);
  }
}

/** The pause before attempt n+1: 10, 20, 40, 80, then 100 ms, with some jitter. */
export function busyPauseMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(100, 10 * 2 ** attempt);
  return Math.round(base * (0.75 + random() * 0.5));
}

const beginPattern = /^\s*begin\b/i;
const endPattern = /^\s*(commit|end|rollback)\b(?!\s+to\b)/i;

class BusyRetryingConnection implements DatabaseConnection {
  private inTransaction = false;
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly driver: Driver,
    private readonly policy: BusyPolicy,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const started = Date.now();
    const sleep = this.policy.sleep ?? pause;
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.inner.executeQuery<R>(query);
        if (beginPattern.test(query.sql)) this.inTransaction = true;
        else if (endPattern.test(query.sql)) this.inTransaction = false;
        return result;
      } catch (error) {
        if (endPattern.test(query.sql)) this.inTransaction = false;
        if (!isSqliteBusy(error)) throw error;
        if (this.inTransaction || Date.now() - started >= this.policy.retryMs) {
          throw new DatabaseUnavailableError('The SQLite database is locked by another writer', 1, {
            cause: error,
          });
        }
        // Let other queries of this process run while we wait (the one connection's mutex).
        await this.driver.releaseConnection(this.inner);
        try {
          await sleep(busyPauseMs(attempt));
        } finally {
          await this.driver.acquireConnection();
        }
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

class BusyRetryingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly policy: BusyPolicy,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new BusyRetryingConnection(
      await this.inner.acquireConnection(),
      this.inner,
      this.policy,
    );
  }
  /**
   * BEGIN IMMEDIATE rather than a deferred BEGIN: the write lock is taken (and waited for, with
   * the retries above) before the transaction reads anything, so a transaction never fails half
   * way because another process wrote after its first read.
   */
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  releaseConnection(connection: DatabaseConnection) {
    return this.inner.releaseConnection(connection);
  }
  destroy() {
    return this.inner.destroy();
  }
}

/** Kysely's SQLite dialect, with a busy database answered by retrying, then 503. */
export class BusyRetryingSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly policy: BusyPolicy,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    return new BusyRetryingDriver(super.createDriver(), this.policy);
  }
}
