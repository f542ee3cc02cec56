import { isSqliteBusy } from './sqlite-file.js';

/**
 * The database cannot answer right now (PostgreSQL unreachable, frozen or restarting; SQLite's
 * write lock held by another process). Answered 503 with Retry-After by the one error handler:
 * the visitor may simply try again, and nothing was stored.
 */
export class DatabaseUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** PostgreSQL error classes that mean "not now" rather than "wrong": connection, shutdown, time-outs. */
const unavailableSqlStates = new Set([
  '57014', // query_canceled (statement_timeout)
  '57P01', // admin_shutdown (pg_terminate_backend, restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);
const unavailableNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const unavailableMessages = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Query read timeout/i,
  /connection timeout/i,
  /Client has encountered a connection error/i,
  /terminating connection/i,
];

/**
 * The error as a DatabaseUnavailableError when it says the database could not answer now, else
 * undefined (a bug or bad data stays a 500).
 */
export function asDatabaseUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  if (error instanceof DatabaseUnavailableError) return error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  if (
    (typeof code === 'string' &&
      (unavailableSqlStates.has(code) || unavailableNodeCodes.has(code))) ||
    isSqliteBusy(error) ||
    unavailableMessages.some((pattern) => pattern.test(text))
  ) {
    return new DatabaseUnavailableError(`Database unavailable: ${text || String(code)}`, 2, {
      cause: error,
    });
  }
  return undefined;
}
