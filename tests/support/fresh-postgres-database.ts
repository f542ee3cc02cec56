import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testPostgresUrl } from './test-database.js';

export interface FreshPostgresDatabase {
  /** The database's URL, as DATABASE_URL takes it. */
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** The maintenance database on the test server, for CREATE / DROP DATABASE. */
export const postgresAdminUrl = testPostgresUrl.replace(/\/[^/]*$/, '/postgres');

/**
 * A whole new PostgreSQL database (not a schema in the shared one): for what runs as a deployment
 * does — `npm run migrate`, pg_dump and pg_restore, a server on DATABASE_URL alone.
 */
export async function createFreshPostgresDatabase(
  prefix = 'hs_test',
): Promise<FreshPostgresDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    name,
    url: testPostgresUrl.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      const client = new pg.Client({ connectionString: postgresAdminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
