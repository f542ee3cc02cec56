import type { FastifyBaseLogger } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/http/build-app.js';
import type { ClientRegistry } from '../../src/server/kernel/client-registry.js';
import { loadConfig, type ServerConfig } from '../../src/server/config.js';
import { createDataChanges, type DataChanges } from '../../src/server/kernel/data-changes.js';
import type { DatabaseHandle, DatabaseTarget } from '../../src/server/db/database.js';
import { prepareData } from '../../src/server/startup.js';
import { createTestDatabase, type DatabaseKindUnderTest } from './test-database.js';

export const repoRoot = resolve(import.meta.dirname, '../..');

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  handle: DatabaseHandle;
  registry: ClientRegistry;
  /** The app's change signal: announce a change made behind the app's back (a store call). */
  changes: DataChanges;
  /** The database the app runs on (the SQLite file, or the PostgreSQL URL and schema). */
  target: DatabaseTarget;
  /** What the database layer reported (lost connections …), in order. */
  warnings: string[];
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Reach PostgreSQL through this URL instead (a fault proxy in front of the test server). */
  postgresUrl?: string;
  /**
   * A second instance: run on this app's database (not dropped when this one closes), as
   * several instances behind a load balancer do.
   */
  sameDatabaseAs?: TestApp;
  /** Carry changes between instances over PostgreSQL when there is no REDIS_URL (as production). */
  shareChanges?: boolean;
  /** A logger to read what the server logs (logging is off otherwise). */
  logger?: FastifyBaseLogger;
  /**
   * A cheaper scrypt cost for owner passwords (cheapPasswordCost in owner-session.ts), for tests
   * that sign in many times; unset, the server's own cost (about 1.5 s a hash on the test machine).
   */
  ownerPasswordCost?: ServerConfig['ownerPasswordCost'];
}

/**
 * The real server in-process (Fastify inject) over a real database made for this test:
 * the seed is applied, placeholder images are skipped (no test reads them), logging is off.
 */
export async function startTestApp(
  kind: DatabaseKindUnderTest,
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-data-'));
  const loaded = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      MAIL_WORKER: 'off',
      // Tests send forms without a form session; the ones about limits set their own.
      BOOKING_LIMIT_PER_CLIENT: '100000',
      FORM_SESSION_LIMIT: '100000',
      // Every inject comes from 127.0.0.1; the per-address caps have their own tests.
      BOOKING_VISITORS_PER_IP: '100000',
      BOOKINGS_PER_IP_PER_DAY: '100000',
      ...env,
    },
    repoRoot,
  );
  const config: ServerConfig = options.ownerPasswordCost
    ? { ...loaded, ownerPasswordCost: options.ownerPasswordCost }
    : loaded;
  const database = options.sameDatabaseAs
    ? { target: options.sameDatabaseAs.target, drop: async () => undefined }
    : await createTestDatabase(kind);
  const target: DatabaseTarget =
    database.target.kind === 'postgres' && options.postgresUrl
      ? { ...database.target, url: options.postgresUrl }
      : database.target;
  const warnings: string[] = [];
  const { handle, registry } = await prepareData(config, target, {
    images: false,
    warn: (message) => warnings.push(message),
  });
  const changes = createDataChanges();
  const app = await buildApp({
    config,
    changes,
    db: handle.db,
    dbKind: handle.kind,
    registry,
    indexHtml: readFileSync(join(repoRoot, 'src/web/index.html'), 'utf8'),
    ...(options.shareChanges ? { databaseTarget: target } : {}),
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    config,
    handle,
    registry,
    changes,
    target,
    warnings,
    close: async () => {
      await app.close();
      await handle.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
