import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../src/server/http/build-app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { runReleaseStepOn } from '../../src/server/db/release-step.js';
import { prepareData } from '../../src/server/startup.js';
import { describeEachDatabase } from '../support/each-database.js';
import {
  createFreshPostgresDatabase,
  postgresAdminUrl,
} from '../support/fresh-postgres-database.js';
import { repoRoot } from '../support/test-app.js';

/**
 * docs/operating.md's backups and restores, run exactly as written there (the shell blocks
 * marked `restore-test: …`): back up a live database, write more, restore into a fresh database,
 * and the server started on it serves the data as of the backup.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The shell block that follows `<!-- restore-test: NAME -->` in docs/operating.md. */
function documentedCommands(name: string): string {
  const doc = readFileSync(join(repoRoot, 'docs/operating.md'), 'utf8');
  const block = new RegExp(`<!-- restore-test: ${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(
    doc,
  );
  if (!block) throw new Error(`docs/operating.md has no restore-test block "${name}"`);
  return block[1]!;
}

function runDocumented(name: string, cwd: string, env: Record<string, string>): string {
  return execFileSync('sh', ['-e', '-c', documentedCommands(name)], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const before = `Written before the backup ${randomBytes(4).toString('hex')}`;
const after = `Written after the backup ${randomBytes(4).toString('hex')}`;

async function addReview(env: Record<string, string>, text: string): Promise<void> {
  const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, repoRoot);
  const handle = openDatabase(config.database);
  await handle.db
    .insertInto('reviews')
    .values({ client_code: 'SE', review: text, reviewer: 'Restore test', stars: 5 })
    .execute();
  await handle.close();
}

/** The server, started on the restored database without migrating, and SE's reviews from it. */
async function reviewsServedFrom(env: Record<string, string>): Promise<string> {
  const config = loadConfig(
    { ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', MIGRATE_ON_START: 'off' },
    repoRoot,
  );
  const { handle, registry } = await prepareData(config, config.database, { images: false });
  const app = await buildApp({
    config,
    db: handle.db,
    dbKind: handle.kind,
    registry,
    indexHtml: readFileSync(join(repoRoot, 'src/web/index.html'), 'utf8'),
  });
  try {
    const answer = await app.inject({ url: '/api/reviews', headers: { host: 'se.localhost' } });
    expect(answer.statusCode).toBe(200);
    return answer.body;
  } finally {
    await app.close();
    await handle.close();
  }
}

function onlyFileIn(dir: string): string {
  const files = readdirSync(dir);
  expect(files).toHaveLength(1);
  return join(dir, files[0]!);
}

describeEachDatabase('backup and restore as docs/operating.md says', (kind) => {
  it('restores a backup taken while the database was in use, as of the backup', async () => {
    // The application's folder, as on a server: data/ and backups/ inside it.
    const app = mkdtempSync(join(tmpdir(), 'highstreet-restore-'));
    cleanups.push(() => rmSync(app, { recursive: true, force: true }));
    mkdirSync(join(app, 'data'));
    const env: Record<string, string> = {
      DATA_DIR: join(app, 'data'),
      SEED_DIR: join(repoRoot, 'seed'),
      DATABASE_URL: '',
      SQLITE_FILE: '',
    };
    if (kind === 'postgres') {
      const database = await createFreshPostgresDatabase('hs_backup');
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    const config = loadConfig({ ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }, repoRoot);
    await runReleaseStepOn(config, config.database, { alwaysSeed: true });

    // A connection stays open through the backup, as a running server's does: on SQLite the
    // review written before it is still in the -wal file when the backup is taken.
    const live = openDatabase(config.database);
    cleanups.push(() => live.close());
    await addReview(env, before);
    runDocumented(`${kind}-backup`, app, env);
    await addReview(env, after);
    expect(await reviewsServedFrom(env)).toContain(after);
    await live.close();

    const backup = onlyFileIn(join(app, 'backups'));
    let restoredEnv = env;
    if (kind === 'sqlite') {
      const output = runDocumented('sqlite-restore', app, { ...env, BACKUP: backup });
      expect(output.trim()).toBe('ok');
    } else {
      const restoredDb = `hs_restored_${randomBytes(5).toString('hex')}`;
      cleanups.push(() => {
        execFileSync('psql', [
          postgresAdminUrl,
          '-c',
          `DROP DATABASE IF EXISTS ${restoredDb} WITH (FORCE)`,
        ]);
      });
      runDocumented('postgres-restore', app, { ...env, BACKUP: backup, RESTORED_DB: restoredDb });
      restoredEnv = {
        ...env,
        DATABASE_URL: env.DATABASE_URL!.replace(/\/[^/]*$/, `/${restoredDb}`),
      };
    }

    const served = await reviewsServedFrom(restoredEnv);
    expect(served).toContain(before);
    expect(served).not.toContain(after);
    // The seed's own reviews came through too.
    expect(served).toContain('Fiona and Gary, Linlithgow');
  }, 60_000);
});
