import { describe } from 'vitest';
import { databaseKinds, isPostgresReachable, type DatabaseKindUnderTest } from './test-database.js';

const postgresUp = await isPostgresReachable();

/** Runs a suite once on SQLite and once on PostgreSQL (skipped loudly when unreachable outside CI). */
export function describeEachDatabase(
  name: string,
  suite: (kind: DatabaseKindUnderTest) => void,
): void {
  for (const kind of databaseKinds) {
    const run = kind === 'postgres' && !postgresUp ? describe.skip : describe;
    run(`${name} [${kind}]`, () => suite(kind));
  }
}
