import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../../src/server/config.js';
import { openDatabase, type DatabaseTarget } from '../../src/server/db/database.js';
import { migrationNames } from '../../src/server/db/migrations.js';
import { runReleaseStepOn } from '../../src/server/db/release-step.js';
import { readSeed } from '../../src/server/db/seed.js';
import { prepareData } from '../../src/server/startup.js';
import { describeEachDatabase } from '../support/each-database.js';
import { createFreshPostgresDatabase } from '../support/fresh-postgres-database.js';
import { repoRoot } from '../support/test-app.js';
import { compiledEntry } from '../support/compiled-server.js';

/**
 * The release step (docs/decisions/0036-release-step.md): `npm run migrate` run twice at once on a
 * fresh database, as two deploy scripts or two instances would; a server on an older schema
 * refuses to start with a message that says what to run.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Deployment {
  env: Record<string, string>;
  config: ServerConfig;
  target: DatabaseTarget;
}

async function freshDeployment(kind: 'sqlite' | 'postgres'): Promise<Deployment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-release-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    MAIL_WORKER: 'off',
    DATABASE_URL: '',
  };
  if (kind === 'postgres') {
    const database = await createFreshPostgresDatabase('hs_release');
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
  } else {
    env.SQLITE_FILE = join(dataDir, 'highstreet.sqlite');
  }
  const config = loadConfig(env, repoRoot);
  return { env, config, target: config.database };
}

/** Runs a compiled entry point as `npm run …` does; resolves with its exit code and output. */
function runEntry(
  entry: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(process.execPath, [compiledEntry(entry), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function countRows(target: DatabaseTarget) {
  const handle = openDatabase(target);
  try {
    const count = async (table: 'reviews' | 'clients' | 'products' | 'treatments') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const migrations = await sql<{ n: number | string }>`select count(*) as n from kysely_migration`
      .execute(handle.db)
      .then((r) => Number(r.rows[0]!.n));
    return {
      reviews: await count('reviews'),
      clients: await count('clients'),
      products: await count('products'),
      treatments: await count('treatments'),
      migrations,
    };
  } finally {
    await handle.close();
  }
}

describeEachDatabase('the release step, npm run migrate', (kind) => {
  it('runs twice at once on a fresh database: both succeed, each migration and review once', async () => {
    const deployment = await freshDeployment(kind);
    const runs = await Promise.all(
      [1, 2].map(() => runEntry('migrate', ['--skip-pictures'], deployment.env)),
    );
    for (const run of runs) {
      expect(run.output).toContain('Applied the seed: 7 client(s)');
      expect(run.code, run.output).toBe(0);
    }
    // One of the two found the schema already made by the other, behind the lock.
    expect(runs.map((r) => r.output).join('\n')).toContain('The schema was up to date.');
    const seed = readSeed(deployment.config.seedDir);
    const expected = {
      reviews: seed.reviews.length,
      clients: seed.clients.length,
      products: seed.products.length,
      treatments: Object.values(seed.treatments).reduce((n, t) => n + t.treatments.length, 0),
      migrations: migrationNames(kind).length,
    };
    expect(await countRows(deployment.target)).toEqual(expected);

    // And again, in this process, twice at once: still idempotent.
    await Promise.all(
      [1, 2].map(() =>
        runReleaseStepOn(deployment.config, deployment.target, { alwaysSeed: true }),
      ),
    );
    expect(await countRows(deployment.target)).toEqual(expected);
  }, 120_000);

  it('applies the seed on start only when it changed since the last release step', async () => {
    const deployment = await freshDeployment(kind);
    const first = await runReleaseStepOn(deployment.config, deployment.target, {
      alwaysSeed: false,
    });
    expect(first.seeded).toBe(true);
    expect(first.migrated).toEqual(migrationNames(kind));
    const second = await runReleaseStepOn(deployment.config, deployment.target, {
      alwaysSeed: false,
    });
    expect(second).toMatchObject({ seeded: false, migrated: [] });
    expect(second.seed).toBeUndefined();
  });

  it('a server without MIGRATE_ON_START refuses an empty database and says what to run', async () => {
    const deployment = await freshDeployment(kind);
    await expect(
      prepareData(deployment.config, deployment.target, { migrate: false }),
    ).rejects.toThrow(
      /^The database has no schema yet, this code needs 0001-create-clients-catalogue-bookings-and-outbox, .*npm run migrate/,
    );
  });
});

describeEachDatabase('a server on a schema older than its code', (kind) => {
  it('refuses to start with a message naming both versions and `npm run migrate`', async () => {
    const deployment = await freshDeployment(kind);
    await runReleaseStepOn(deployment.config, deployment.target, { alwaysSeed: true });
    // The schema as the previous release left it: without this release's migration.
    const handle = openDatabase(deployment.target);
    await sql`delete from kysely_migration where name = '0013-create-release-state'`.execute(
      handle.db,
    );
    await sql`drop table release_state`.execute(handle.db);
    await handle.close();

    const refused = await runEntry('main', [], {
      ...deployment.env,
      MIGRATE_ON_START: 'off',
      PORT: '0',
    });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(
      /Highstreet could not start: Database schema is at 0\d{3}-[\w-]+, this code needs 0013-create-release-state: run `npm run migrate` first/,
    );

    // After the release step the same server starts on it.
    const migrated = await runEntry('migrate', ['--skip-pictures'], {
      ...deployment.env,
    });
    expect(migrated.output).toContain('Applied 1 migration(s): 0013-create-release-state');
    const { handle: started, registry } = await prepareData(deployment.config, deployment.target, {
      migrate: false,
    });
    expect(registry.byCode('RRB')?.title).toBe('Ruby Rose Beauty');
    await started.close();
  }, 120_000);
});
