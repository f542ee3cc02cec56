import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type ServerConfig } from '../../src/server/config.js';
import type { DatabaseHandle } from '../../src/server/db/database.js';
import { buildApp } from '../../src/server/http/build-app.js';
import type { ClientRegistry } from '../../src/server/kernel/client-registry.js';
import { prepareData } from '../../src/server/startup.js';
import { compiledEntry } from './compiled-server.js';
import { createFreshPostgresDatabase } from './fresh-postgres-database.js';
import { repoRoot } from './test-app.js';

/**
 * A deployment as an operator has one: a database of its own (a SQLite file, or a whole
 * PostgreSQL database reached by DATABASE_URL alone), a themes folder of its own, a running
 * server (in-process) and the compiled command-line tools run against the same configuration.
 */
export interface Deployment {
  env: Record<string, string>;
  config: ServerConfig;
  app: FastifyInstance;
  handle: DatabaseHandle;
  registry: ClientRegistry;
  /** Runs `npm run NAME` as compiled (dist/server/NAME.js) with this deployment's environment. */
  run: (
    entry: string,
    args: string[],
    env?: Record<string, string>,
  ) => Promise<{ code: number | null; output: string }>;
  close: () => Promise<void>;
}

export async function startDeployment(
  kind: 'sqlite' | 'postgres',
  extraEnv: Record<string, string> = {},
): Promise<Deployment> {
  const dataDir = mkdtempSync(join(tmpdir(), 'highstreet-deployment-'));
  const themesDir = join(dataDir, 'themes');
  cpSync(join(repoRoot, 'public/themes'), themesDir, { recursive: true });
  const cleanups: (() => Promise<void> | void)[] = [
    () => rmSync(dataDir, { recursive: true, force: true }),
  ];
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    THEMES_DIR: themesDir,
    MAIL_WORKER: 'off',
    DATABASE_URL: '',
    CLIENT_RELOAD_SECONDS: '0.2',
    ...extraEnv,
  };
  if (kind === 'postgres') {
    const database = await createFreshPostgresDatabase('hs_deploy');
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
  } else {
    env.SQLITE_FILE = join(dataDir, 'highstreet.sqlite');
  }
  const config = loadConfig(env, repoRoot);
  const { handle, registry } = await prepareData(config, config.database, {
    images: false,
    migrate: true,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    dbKind: handle.kind,
    registry,
    indexHtml: readFileSync(join(repoRoot, 'src/web/index.html'), 'utf8'),
  });
  await app.ready();
  const run: Deployment['run'] = (entry, args, more = {}) =>
    new Promise((resolve) => {
      let output = '';
      const child = spawn(process.execPath, [compiledEntry(entry), ...args], {
        cwd: repoRoot,
        env: { ...process.env, ...env, ...more },
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
  return {
    env,
    config,
    app,
    handle,
    registry,
    run,
    close: async () => {
      await app.close();
      await handle.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
