import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

// A service decides what is done together; the stores it calls hold the statements
// (docs/architecture.md). These are the two ways a service groups store calls.

/** Runs `work` in one transaction: every store call given `trx` is kept, or none is. */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(work);
}

/**
 * Runs `work` inside a savepoint of `trx` and takes it back: the database does the work (so an
 * answer takes as long either way) and keeps none of it.
 */
export async function doAndTakeBack(
  trx: Transaction<Database>,
  work: () => Promise<unknown>,
): Promise<void> {
  await sql`savepoint taken_back`.execute(trx);
  await work();
  await sql`rollback to savepoint taken_back`.execute(trx);
}
