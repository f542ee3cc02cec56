import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { isPostgresReachable, testPostgresUrl } from './test-database.js';

/** Set while a vitest run owns a PostgreSQL database of its own (this global set-up). */
export const runDatabaseVariable = 'TEST_RUN_DATABASE';

const prefix = 'hs_run_';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * vitest's global set-up: the run gets a PostgreSQL database of its own, and each test file's
 * schema in it is dropped with the database when the run ends, not when the file ends. Dropping
 * a schema while another file migrates raced with the catalogue scan of Kysely's migrator (its
 * getTables asks pg_get_serial_sequence about every table of every schema): "schema t_… does not
 * exist", now and then, at the start of an unrelated test file. Databases of runs whose process
 * is gone (an interrupted run) are dropped first.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!(await isPostgresReachable())) return undefined;
  const adminUrl = testPostgresUrl.replace(/\/[^/]*$/, '/postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(prefix.length).split('_')[0]);
      if (Number.isInteger(pid) && !isProcessAlive(pid))
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    const name = `${prefix}${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    // A test database need not outlive a crash of PostgreSQL: a commit does not wait for its WAL
    // to reach the disk (the migrations and seed of each test file's schema are many commits).
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    // The workers start after this and read it (test-database.ts) when they load.
    process.env.TEST_DATABASE_URL = testPostgresUrl.replace(/\/[^/]*$/, `/${name}`);
    process.env[runDatabaseVariable] = name;
    return async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } finally {
    await admin.end();
  }
}
