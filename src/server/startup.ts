import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';
import { loadClientRegistry } from './clients/client-registry-store.js';
import type { ClientRegistry } from './kernel/client-registry.js';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/database.js';
import { schemaStatus } from './db/migrations.js';
import { runReleaseStepOn } from './db/release-step.js';
import { drawSeedPlaceholders, placeholdersDrawnFor } from './media/seed-pictures.js';
import { readSeed } from './db/seed.js';
import { sanitiseBlurb } from './kernel/sanitise-html.js';

export interface PreparedData {
  handle: DatabaseHandle;
  registry: ClientRegistry;
  imagesCreated: number;
}

export interface PrepareOptions {
  /** Draw missing placeholder pictures (when migrating on start); tests skip them. */
  images?: boolean;
  warn?: (message: string) => void;
  /** Run the release step here; defaults to MIGRATE_ON_START (on for SQLite, off for PostgreSQL). */
  migrate?: boolean;
}

/** The message of a server that will not start on a schema older than its code. */
export function schemaTooOldMessage(at: string | undefined, pending: string[]): string {
  const where = at ? `Database schema is at ${at}` : 'The database has no schema yet';
  return `${where}, this code needs ${pending.join(', ')}: run \`npm run migrate\` first (the release step; see docs/operating.md), or set MIGRATE_ON_START=on for a single instance.`;
}

/**
 * Everything start-up does before serving (docs/decisions/0036-release-step.md). With
 * MIGRATE_ON_START (the default on SQLite: the first command must just work) it runs the
 * release step itself, which skips a seed the database already has and pictures the media
 * folder already has, so a restart does nothing that grows with the number of clients.
 * Without it (several instances on PostgreSQL), it only checks that `npm run migrate` has run and
 * refuses to start on an older schema. Then it loads the client records.
 */
export async function prepareData(
  config: ServerConfig,
  target: DatabaseTarget = config.database,
  options: PrepareOptions = {},
): Promise<PreparedData> {
  const migrate = options.migrate ?? config.migrateOnStart;
  let imagesCreated = 0;
  if (migrate) {
    const release = await runReleaseStepOn(config, target, {
      alwaysSeed: false,
      warn: options.warn,
    });
    if (options.images !== false && !placeholdersDrawnFor(config.mediaDir, release.fingerprint)) {
      imagesCreated = await drawSeedPlaceholders(
        config.mediaDir,
        release.seed ?? readSeed(config.seedDir),
        release.fingerprint,
      );
    }
  }
  const handle = openDatabase(target, {
    timeouts: config.databaseTimeouts,
    warn: options.warn,
  });
  try {
    if (!migrate) {
      const status = await schemaStatus(
        handle.db,
        handle.kind,
        target.kind === 'postgres' ? target.schema : undefined,
      );
      if (status.pending.length > 0)
        throw new Error(schemaTooOldMessage(status.at, status.pending));
    }
    const registry = await loadClientRegistry(handle.db);
    return { handle, registry, imagesCreated };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Pages rendered once before listening: the home page, a content page, the booking screen. */
const warmUpPaths = ['/', '/contact', '/booking'];

/**
 * Renders a few pages of one client in-process before the server listens, and checks a
 * description, so that the first visitors do not pay for loading modules and compiling the render path: with
 * 50 visitors at once on a cold server the first page took seconds (docs/benchmarks.md, "A
 * thousand clients in one process"). Costs the same with 7 clients or 1,000. Returns the time
 * taken and the pages' statuses.
 */
export async function warmUpPages(
  app: FastifyInstance,
  registry: ClientRegistry,
): Promise<{ ms: number; statuses: number[] }> {
  const started = performance.now();
  const statuses: number[] = [];
  // By the first record's host name: DEFAULT_CLIENT may name no record.
  const host = registry.all[0]?.hostNames[0];
  // A plain description (what the back office stores) is checked with parse5, not jsdom: jsdom
  // is loaded only for the first description that is not plain (sanitise-html.ts), so it is not
  // loaded here: it would hold ~25 MB of heap for every server whose descriptions are all plain.
  await sanitiseBlurb('<p>warm-up</p>');
  for (const url of warmUpPaths) {
    // Any answer will do (a client without bookings shows its not-found page); only a crash matters.
    const answer = await app.inject({
      url,
      headers: { 'accept-encoding': 'br, gzip', ...(host ? { host } : {}) },
    });
    statuses.push(answer.statusCode);
  }
  return { ms: Math.round(performance.now() - started), statuses };
}
