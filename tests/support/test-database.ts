import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseTarget } from '../../src/server/db/database.js';

/** The PostgreSQL the machine provides; override with TEST_DATABASE_URL. */
export const testPostgresUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let postgresReachable: Promise<boolean> | undefined;

/**
 * True when PostgreSQL answers. Outside CI an unreachable server skips its tests with a loud
 * warning; with CI=true the tests must run, so this throws instead.
 */
export function isPostgresReachable(): Promise<boolean> {
  postgresReachable ??= (async () => {
    let lastError: unknown;
    // A busy machine can be slow to answer: try a few times before calling it unreachable.
    for (let attempt = 0; attempt < 3; attempt++) {
      const client = new pg.Client({
        connectionString: testPostgresUrl,
        connectionTimeoutMillis: 5000,
      });
      try {
        await client.connect();
        await client.end();
        return true;
      } catch (error) {
        lastError = error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    if (process.env.CI === 'true') {
      throw new Error(`PostgreSQL at ${testPostgresUrl} is required in CI: ${String(lastError)}`, {
        cause: lastError,
      });
    }
    console.warn(
      `\n*** PostgreSQL at ${testPostgresUrl} is not reachable: SKIPPING the PostgreSQL tests. ***\n`,
    );
    return false;
  })();
  return postgresReachable;
}

export interface TestDatabase {
  target: DatabaseTarget;
  /** Removes the SQLite file or drops the PostgreSQL schema. */
  drop: () => Promise<void>;
}

/** A fresh database for one test file: a temp SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(kind: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'highstreet-db-'));
    return {
      target: { kind: 'sqlite', file: join(dir, 'test.sqlite') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return {
    target: { kind: 'postgres', url: testPostgresUrl, schema },
    drop: async () => {
      // In a run with a database of its own (postgres-run-database.ts), the schema goes with it.
      if (process.env.TEST_RUN_DATABASE) return;
      const client = new pg.Client({ connectionString: testPostgresUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}

export const databaseKinds = ['sqlite', 'postgres'] as const;
export type DatabaseKindUnderTest = (typeof databaseKinds)[number];
